// check-variants: default
__launch_bounds__(128) void f() {}
