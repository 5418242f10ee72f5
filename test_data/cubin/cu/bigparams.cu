// Large by-value parameters: KPARAM_INFO switches to KPARAM_INFO_V2 above 0x1100 bytes.
struct Big { int v[1088]; };            // 4352 bytes: still KPARAM_INFO
struct Bigger { int v[1089]; };         // 4356 bytes: KPARAM_INFO_V2
struct Huge { char v[8000]; };
__global__ void kbig(Big b, int *out) { out[0] = b.v[threadIdx.x]; }
__global__ void kbigger(Bigger b, int *out) { out[0] = b.v[threadIdx.x]; }
__global__ void khuge(Huge h, char *out) { out[threadIdx.x] = h.v[threadIdx.x]; }
