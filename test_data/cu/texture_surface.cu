// Covers: texture and surface objects: cudaResourceDesc/cudaTextureDesc set-up,
// cudaCreateTextureObject, tex1Dfetch<T> and tex2D<T> reads, surf2Dwrite/surf2Dread on a
// cudaSurfaceObject_t, and a cudaArray with a channel descriptor.
__global__ void read_tex(cudaTextureObject_t tex1d, cudaTextureObject_t tex2d, float *out)
{
    int i = threadIdx.x;
    out[i] = tex1Dfetch<float>(tex1d, i) + tex2D<float>(tex2d, i + 0.5f, 0.5f);
}

__global__ void write_surf(cudaSurfaceObject_t surf, int w)
{
    int x = threadIdx.x;
    float old;
    surf2Dread(&old, surf, x * sizeof(float), 0);
    surf2Dwrite(old + 1.0f, surf, x * sizeof(float), 0);
}

int main()
{
    const int n = 64;
    float *lin = nullptr;
    cudaMalloc(&lin, n * sizeof(float));
    cudaResourceDesc res = {};
    res.resType = cudaResourceTypeLinear;
    res.res.linear.devPtr = lin;
    res.res.linear.desc = cudaCreateChannelDesc<float>();
    res.res.linear.sizeInBytes = n * sizeof(float);
    cudaTextureDesc td = {};
    td.readMode = cudaReadModeElementType;
    cudaTextureObject_t tex1d = 0;
    cudaCreateTextureObject(&tex1d, &res, &td, nullptr);

    cudaChannelFormatDesc desc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
    cudaArray_t array = nullptr;
    cudaMallocArray(&array, &desc, n, 1, cudaArraySurfaceLoadStore);
    cudaResourceDesc ares = {};
    ares.resType = cudaResourceTypeArray;
    ares.res.array.array = array;
    cudaTextureObject_t tex2d = 0;
    td.filterMode = cudaFilterModeLinear;
    cudaCreateTextureObject(&tex2d, &ares, &td, nullptr);
    cudaSurfaceObject_t surf = 0;
    cudaCreateSurfaceObject(&surf, &ares);

    read_tex<<<1, n>>>(tex1d, tex2d, lin);
    write_surf<<<1, n>>>(surf, n);
    cudaDeviceSynchronize();
    cudaDestroySurfaceObject(surf);
    cudaDestroyTextureObject(tex2d);
    cudaDestroyTextureObject(tex1d);
    cudaFreeArray(array);
    return 0;
}
