__global__ void ktex(cudaTextureObject_t t, float *out) { out[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x); }
