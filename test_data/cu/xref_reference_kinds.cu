// Covers: one of each --xref reference kind on plain host code (see docs/spec/xref.md):
// definitions and non-defining declarations (D/d), reads (U), writes (M), read-modify-writes (C),
// address/reference binding (A), plain references in unevaluated or discarded contexts (R). Compiles with the expected
// warnings #174-D (line 32: "y;" has no effect) and #550-D (set but never used: (void)x is no use).
int g;
extern int e;
int f(int);
int f(int x) { return x; }
struct S;
struct S { int m; void mf(); static int sm; };
void S::mf() { m = 1; }
int S::sm = 2;
typedef S ST;
using SU = S;
enum E { E1, E2 };
void use()
{
    g = 1;
    g += 2;
    g++;
    int y = g;
    int *p = &g;
    S s;
    s.m = 3;
    int z = s.m;
    ST st;
    SU su;
    E ev = E1;
    int &r = g;
    S::sm = 7;
    decltype(g) dg = sizeof(g);
    y;
    (void)p; (void)z; (void)st; (void)su; (void)ev; (void)r; (void)dg;
}
struct I { int a; };
void copies() { I x; I y = x; y = x; }
