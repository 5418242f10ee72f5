// check-variants: default
namespace n {
struct B { virtual int g(); virtual int g(int); };
struct D : B { int g(int); };
}
