// check-variants: default
[[deprecated]] int old() { return 1; }
template <class T> T twice(T t) {
    return t * old();
}
int main() { return twice(2); }
