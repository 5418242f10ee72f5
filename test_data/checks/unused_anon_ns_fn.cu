// check-variants: default; -Xcudafe --remarks
namespace { void f() {} }
