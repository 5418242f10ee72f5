// Covers: how --xref prints names and positions (see docs/spec/xref.md): prototype parameters,
// anonymous and inline namespaces, operators, conversion functions, constructors and destructors,
// lambdas (name changes once the return type is deduced), macro expansions, overloads, structured
// bindings, a typedef redeclaring a system header's typedef, and an extern "C" function. Compiles with
// the expected warning #550-D for the structured bindings "a" and "c" ((void)x is no use).
int h(int q);
namespace { int anon; }
namespace N { inline namespace I { int in; } namespace M { int m; } }
struct Op { int operator+(int) const; operator int() const; Op(); ~Op(); };
int Op::operator+(int) const { return 0; }
Op::operator int() const { return 1; }
Op::Op() {}
Op::~Op() {}
int uo() { Op a; auto l = [](int z) { return z; }; return a + 1 + int(a) + l(2) + anon + N::in + N::M::m; }
#define MAC(x) ((x) + anon)
int um() { return MAC(3); }
int ov(int); int ov(double); int uov() { return ov(1) + ov(2.0); }
void sb() { int arr[2] = {1, 2}; auto [a, b] = arr; auto [c, d] = arr; (void)a; (void)c; }
typedef unsigned int uint;
extern "C" int cfun(int);
int cu() { int v = 0; v *= 2; --v; return cfun(v); }
int f1(int a);
void calls(int *o, int x) { o[0] = f1(1); x = f1(x); o[2] = x; }
