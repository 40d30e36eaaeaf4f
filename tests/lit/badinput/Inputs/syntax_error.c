/* Not valid C: used by compile_error.test. */

int main( { return 0; }
