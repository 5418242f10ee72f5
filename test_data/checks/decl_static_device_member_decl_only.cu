// check-variants: default
struct S { static __constant__ int m; };
