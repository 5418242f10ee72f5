// Covers: which declarations --xref logs, and how (see docs/spec/xref.md, "Declarations in detail"):
// unnamed template parameters, parameters of function-pointer declarators, friends, defaulted and
// deleted members, member aliases/enums/templates, nested classes defined outside, using-declarations
// in a derived class, template template parameters, explicit specializations of a function
// template, block-scope extern, local classes, condition and for-init variables, init-captures,
// catch parameters, labels, and the injected-class-name (printed like a constructor).
template <typename> struct Fwd;
typedef int (*binop)(int lhs, int rhs);
using unop = int (*)(int arg);
void takes_fp(int (*cb)(int inner), int n);
struct F {
    friend void fr(F &);
    friend struct G;
    F() = default;
    F(const F &) = delete;
    int get() const { return v; }
    static void sf();
    using T = int;
    enum class K { k1 };
    struct Inner;
    int v = 0;
    int arr[2];
    mutable int mu;
    template <typename U> void tm(U);
};
struct F::Inner { int z; };
void fr(F &) {}
struct Base { void b(); int b2; };
struct Der : Base { using Base::b; using Base::b2; void d(); };
template <typename T, int N = 3, template <typename> class TT = Fwd> struct X;
template <typename T> void tf(T);
template <> void tf<int>(int);
template <> void tf<int>(int) {}
static_assert(sizeof(int) == 4, "");
void loc() {
    extern int ext_in_block;
    struct Local { int l; };
    Local lo;
    for (int i = 0; i < 2; ++i) {}
    if (int w = 1) {}
    auto lam = [cap = 1](int q) { return q + cap; };
    try { } catch (int e) { }
    label: ;
    goto label;
}
int main(int argc, char **argv) { return 0; }
// Compiles with the expected warnings #177-D ("lo" and "lam" declared but never referenced).
