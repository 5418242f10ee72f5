// check-variants: default; -Xcudafe --remarks
static __device__ int sdv;
