// check-variants: default
constexpr __managed__ int m = 1;
