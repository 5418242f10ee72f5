// check-variants: default
struct S { S() {} };
__shared__ S s;
