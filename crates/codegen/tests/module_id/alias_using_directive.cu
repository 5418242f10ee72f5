// A namespace alias to a namespace whose members a using-directive brings in from a nested one,
// and an alias of an alias: qualified lookup follows both.
namespace outer { namespace v2 { template <unsigned N, class P = void> class Tile; template <unsigned N, class P> class Tile { }; } using namespace v2; }
namespace o = outer;
namespace oo = o;
int weigh(oo::Tile<8> t, o::Tile<4, int> u, int v) { return v; }
