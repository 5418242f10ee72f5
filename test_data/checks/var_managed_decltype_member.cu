// check-variants: default
__managed__ int m;
struct S { decltype(m) a; };
