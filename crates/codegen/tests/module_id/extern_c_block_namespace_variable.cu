extern "C" { namespace n { int cv2 = 1; } }
int later_fallback(int x) { return x; }
