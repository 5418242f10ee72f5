//! Extended lambdas (`nvcc --extended-lambda`), differentially: small programs of our own, each
//! built by the real nvcc and by `cufe nvcc` from the same path; the host objects must define and
//! reference the same symbols (`nm`) and the module id files must be byte-identical. The
//! symbols name the lambdas' wrapper and tag types (`__nv_dl_wrapper_t<__nv_dl_tag<int (*)(),
//! &main, 1u>, float*, float>`), so they check the numbering, the tags and the capture lists.
//!
//! Needs the NVIDIA toolchain (`cargo xtask nvidia-toolchain`; CI installs it) and skips with
//! a note without it.
use std::path::Path;
use std::process::Command;

/// (name, what it covers, source)
const PROBES: &[(&str, &str, &str)] = &[
    (
        "device_lambdas_in_main",
        "explicit and implicit captures (order of first use), no capture, mutable, trailing return type, several lambdas in one function",
        r#"template <typename F>
__global__ void k(int n, F f) { f(n); }

int main()
{
    int n = 4;
    float *x = nullptr;
    float a = 2.0f, b = 3.0f;
    k<<<1, 1>>>(n, [=] __device__(int i) { x[i] = a * b + x[0]; });
    k<<<1, 1>>>(n, [=] __device__(int i) { x[i] = b * a; });
    k<<<1, 1>>>(n, [b, x] __device__(int i) { x[i] = b; });
    k<<<1, 1>>>(n, [] __device__(int i) { (void)i; });
    auto d = [=] __device__(int i) mutable { x[i] = a; };
    k<<<1, 1>>>(n, d);
    auto r = [=] __device__(int i) -> float { return x[i] + b; };
    k<<<1, 1>>>(n, r);
    return 0;
}
"#,
    ),
    (
        "function_template_and_namespace",
        "a function template instantiated twice, a function in nested namespaces",
        r#"template <typename F>
__global__ void k(int n, F f) { f(n); }

template <typename T>
void run(T *p, T s, int n)
{
    k<<<1, 1>>>(n, [=] __device__(int i) { p[i] = s * p[i]; });
    k<<<1, 1>>>(n, [p] __device__(int i) { p[i] = 0; });
}

namespace outer { namespace inner {
void go(float *p, int n)
{
    int m = n;
    k<<<1, 1>>>(n, [=] __device__(int i) { p[i] = m; });
}
} }

int main()
{
    float *f = nullptr;
    double *d = nullptr;
    run(f, 2.0f, 4);
    run(d, 3.0, 4);
    outer::inner::go(f, 4);
    return 0;
}
"#,
    ),
    (
        "host_device_lambdas",
        "__host__ __device__ lambdas: none captured (function pointer conversion), mutable, noexcept, passed to a launch",
        r#"template <typename F>
__global__ void k(int n, F f) { f(n); }

int main()
{
    float a = 2.0f;
    int *p = nullptr;
    auto h0 = [] __host__ __device__(int i) { return i + 1; };
    auto h1 = [a] __host__ __device__(float v) { return a * v; };
    auto h2 = [=] __host__ __device__(int i) mutable { a += i; p[i] = a; };
    auto h3 = [=] __host__ __device__(int i) noexcept { return a + p[i]; };
    k<<<1, 1>>>(1, h0);
    k<<<1, 1>>>(1, h1);
    k<<<1, 1>>>(1, h2);
    k<<<1, 1>>>(1, [=] __host__ __device__(int i) { p[i] = a; });
    return h0(1) + (int)h1(1.0f) + (int)h3(0);
}
"#,
    ),
    (
        "member_functions",
        "`[=]` naming members (implicit `this`), `[*this]`, `[this, n]`, a member of a class template",
        r#"template <typename F>
__global__ void k(int n, F f) { f(n); }

struct S {
    float v;
    float *p;
    void run(int n)
    {
        k<<<1, 1>>>(n, [=] __device__(int i) { p[i] = v; });
        k<<<1, 1>>>(n, [*this] __device__(int i) { p[i] = v; });
        k<<<1, 1>>>(n, [this, n] __device__(int i) { p[i] = v + n; });
    }
};

template <typename T>
struct W {
    T v;
    void run(int n) { k<<<1, 1>>>(n, [=] __device__(int i) { (void)(v + i); }); }
};

int main()
{
    S s{1.0f, nullptr};
    s.run(4);
    W<int> w{1};
    w.run(2);
    return 0;
}
"#,
    ),
    (
        "out_of_class_members_and_overloads",
        "out-of-class static and const members, an unnamed namespace, overloads, a plain lambda not counted, an init-capture, a pointer return type",
        r#"template <typename F>
__global__ void k(int n, F f) { f(n); }

struct S {
    float *p;
    static void st(float *q, int n);
    void out(int n) const;
};
void S::st(float *q, int n) { k<<<1, 1>>>(n, [=] __device__(int i) { q[i] = 0; }); }
void S::out(int n) const { k<<<1, 1>>>(n, [=] __device__(int i) { p[i] = n; }); }

namespace { void anon(int *q) { k<<<1, 1>>>(1, [=] __device__(int i) { q[i] = 0; }); } }
void over(int *q) { k<<<1, 1>>>(1, [=] __device__(int i) { q[i] = 0; }); }
void over(float *q) {
    auto plain = [=](int i) { q[i] = 0; };
    plain(0);
    k<<<1, 1>>>(1, [=] __device__(int i) { q[i] = 1; });
    k<<<1, 1>>>(1, [y = q] __device__(int i) { y[i] = 2; });
    k<<<1, 1>>>(1, [=] __host__ __device__(int i) { (void)i; });
}
static float *ret(const int n, float *const q) { k<<<1, 1>>>(1, [=] __device__(int i) { q[i] = n; }); return q; }

int main()
{
    S s{nullptr};
    S::st(nullptr, 1);
    s.out(1);
    anon(nullptr);
    over((int *)nullptr);
    over((float *)nullptr);
    ret(1, nullptr);
    return 0;
}
"#,
    ),
    (
        "what_is_captured",
        "constants are captured; enumerators are not; names of a nested plain lambda",
        r#"#include <cstddef>
template <typename F>
__global__ void k(int n, F f) { f(n); }
int g;
int main()
{
    const int ci = 3;
    constexpr float cf = 1.5f;
    const float cfl = 2.5f;
    static int st = 4;
    const size_t cs = 5;
    int v = 1;
    enum { E1 = 7 };
    float *p = nullptr;
    k<<<1, 1>>>(1, [=] __device__(int i) { p[i] = ci + cf + cfl + cs + E1 + v + sizeof(v); });
    k<<<1, 1>>>(1, [=] __device__(int i) { auto in = [=](int j) { return p[j] + v; }; p[i] = in(i); });
    return 0;
}
"#,
    ),
    (
        "class_templates_and_operators",
        "an out-of-class member of a class template, overloaded members, operator(), a captured array, default arguments, a trailing return type",
        r#"#include <cstdio>
template <typename F>
__global__ void k(int n, F f) { f(n); }

template <typename T>
struct W {
    T v[4];
    T s;
    void run(int n) const noexcept;
    void run(float x) { k<<<1, 1>>>(1, [=] __device__(int i) { (void)(s + x + i); }); }
    void operator()(int n) { k<<<1, 1>>>(n, [=] __host__ __device__(int i) -> T { return s + i; }); }
};
template <typename T>
void W<T>::run(int n) const noexcept { k<<<1, 1>>>(n, [=] __device__(int i) { (void)(v[i] + n); }); }

namespace a { namespace { int twice(int x, int y = 2) {
    int arr[3] = {1, 2, 3};
    k<<<1, 1>>>(x, [=] __device__(int i) { (void)(arr[i] * y); });
    return x * y;
} } int call() { return twice(1); } }

auto tr(int n) -> int {
    k<<<1, 1>>>(n, [n] __device__(int i) mutable { n += i; });
    return n;
}

int main()
{
    W<int> w{};
    w.run(1.0f); w.run((int)1);
    w.run(1.0f);
    w(2);
    printf("%d %d\n", a::call(), tr(1));
    return 0;
}
"#,
    ),
    (
        "thrust_algorithms",
        "device lambdas with trailing return types and a __host__ __device__ lambda passed to thrust::transform and thrust::reduce",
        r#"#include <thrust/device_vector.h>
#include <thrust/transform.h>
#include <thrust/reduce.h>
#include <thrust/execution_policy.h>

float scale(thrust::device_vector<float> &v, float a)
{
    thrust::transform(v.begin(), v.end(), v.begin(), [a] __device__(float x) -> float { return a * x; });
    thrust::transform(v.begin(), v.end(), v.begin(), [=] __host__ __device__(float x) { return x + a; });
    return thrust::reduce(v.begin(), v.end(), 0.0f, [] __device__(float x, float y) -> float { return x + y; });
}

int main()
{
    thrust::device_vector<float> v(16, 1.0f);
    return scale(v, 2.0f) > 0 ? 0 : 1;
}
"#,
    ),
];

/// Builds `source` with `nvcc` (and `extra` first: `nvcc` for `cufe nvcc`) in `dir`: the
/// object's symbols and the module id, or nvcc's output when it fails.
fn build(
    nvcc: &Path,
    extra: &[&str],
    source: &Path,
    dir: &Path,
) -> Result<(Vec<String>, String), String> {
    std::fs::create_dir_all(dir).unwrap();
    let out = Command::new(nvcc)
        .args(extra)
        .args(["-keep", "--extended-lambda", "-c"])
        .arg(source)
        .args(["-o", "probe.o"])
        .current_dir(dir)
        .output()
        .expect("nvcc runs");
    if !out.status.success() {
        return Err(format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let symbols = toolchain::object_symbols(&dir.join("probe.o")).expect("nm reads the object");
    let module_id = std::fs::read_to_string(dir.join("probe.module_id")).unwrap_or_default();
    Ok((symbols, module_id))
}

#[test]
fn extended_lambda_probes_build_like_nvcc() {
    let Some(tc) = toolchain::Toolchain::installed() else {
        eprintln!("skipped: the NVIDIA toolchain is not installed (cargo xtask nvidia-toolchain)");
        return;
    };
    let cufe = Path::new(env!("CARGO_BIN_EXE_cufe"));
    let work = tempfile::tempdir().unwrap();
    let mut report = Vec::new();
    for (name, covers, text) in PROBES {
        // One source path for both builds: the module id hashes it.
        let source = work.path().join(name).join("probe.cu");
        std::fs::create_dir_all(source.parent().unwrap()).unwrap();
        std::fs::write(&source, text).unwrap();
        let theirs = build(
            &tc.bin("nvcc"),
            &[],
            &source,
            &work.path().join(name).join("ref"),
        )
        .unwrap_or_else(|log| panic!("{name}: the reference nvcc must build it:\n{log}"));
        match build(
            cufe,
            &["nvcc"],
            &source,
            &work.path().join(name).join("cufe"),
        ) {
            Err(log) => report.push(format!("{name} ({covers}): cufe nvcc failed:\n{log}")),
            Ok(ours) if ours.0 != theirs.0 => {
                let missing: Vec<&String> =
                    theirs.0.iter().filter(|s| !ours.0.contains(s)).collect();
                let extra: Vec<&String> = ours.0.iter().filter(|s| !theirs.0.contains(s)).collect();
                report.push(format!(
                    "{name} ({covers}): host object symbols differ\nonly nvcc's: {missing:#?}\nonly ours: {extra:#?}"
                ));
            }
            Ok(ours) if ours.1 != theirs.1 => report.push(format!(
                "{name}: module id {:?}, nvcc's {:?}",
                ours.1, theirs.1
            )),
            Ok(_) => {}
        }
    }
    eprintln!(
        "extended lambda probes with nvcc's symbols and module id: {} of {}",
        PROBES.len() - report.len(),
        PROBES.len()
    );
    assert!(report.is_empty(), "{}", report.join("\n"));
}
