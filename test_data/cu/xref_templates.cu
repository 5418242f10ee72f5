// Covers: how --xref logs templates (see docs/spec/xref.md): template parameters, partial and
// explicit specializations, explicit instantiation (bodies logged at the end of the unit), class
// template instances named only through a pointer (t without T), completed instances (t then T),
// alias and variable template instances (T), and a __device__ function template used by a kernel.
template <typename T> struct A { T x; void f() { x = 0; } static int s; };
template <typename T> int A<T>::s = 1;
template <typename T> struct A<T *> { int p; };
template <> struct A<char> { int c; };
template struct A<double>;
A<float> *ptr;
A<int *> ap;
A<char> ac;
void g() { A<short> as; as.f(); }
template <typename T> __device__ T dt(T v) { T w = v; return w; }
__global__ void k(int *o) { o[0] = dt(1); }
template <typename T> constexpr T vt = T(1);
template <typename T> using al = T *;
int use() { al<int> p = nullptr; return vt<int> + (p ? 1 : 0); }
