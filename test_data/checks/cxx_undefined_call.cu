// check-variants: default
void h() { undefined_fn(1); }
