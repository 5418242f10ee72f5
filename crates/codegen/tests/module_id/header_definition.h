int header_def(int x) { return x; }
