// Covers: the order in which --xref writes the references of one full expression (see the
// "Order" section of docs/spec/xref.md): one statement per line, mixing variables, subscripts,
// member accesses, assignments, built-in binary operators, parentheses, commas and calls.
int f(int);
int g(int *, int);
int h(int, int *);
int a, b, c, d, *p, *q;
struct S { int m; } s, *ps;
void t()
{
    a = b;
    a = f(b);
    a = b + c;
    a = f(b) + c;
    a = b + f(c);
    a = b + c + d;
    p[a] = b;
    p[0] = f(b);
    p[a] = f(b);
    p[f(a)] = b;
    *p = b;
    *q = f(b);
    s.m = b;
    s.m = f(b);
    ps->m = f(b);
    a = s.m + f(b);
    f(a + b);
    f(f(a));
    a + f(b);
    f(a) + f(b);
    (f(a)) + f(b);
    f(a), f(b);
    c = f(a) + f(b);
    c = f(a) + f(b) + f(c);
    c = (f(a) + f(b)) + f(c);
    c = f(a) * f(b) + f(c);
    c = f(a) + f(b) * f(c);
    g(&a, b);
    g(&a, b + c);
    h(a, &b);
    a += f(b);
    a = b ? f(c) : d;
    a = -f(b);
    int x = f(a) + f(b);
    int y = s.m;
    (void)x; (void)y;
}
// Compiles with the expected warning #550-D ("y" set but never used: (void)y is no use).
