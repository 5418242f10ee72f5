// check-variants: default; --Werror all-warnings
struct S {
    [[deprecated("use g")]] int f() const { return 1; }
    int g() const { return 2; }
};
int use(const S &s) {
    return s.f() + s.g();
}
