// check-variants: default; -rdc=true
inline __constant__ int v = 1;
