// check-variants: default
Foo x;
