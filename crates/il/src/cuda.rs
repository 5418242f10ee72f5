//! CUDA attributes as they arrive after preprocessing, and what they make of an entity:
//! the execution space of a routine, the memory space of a variable.
//!
//! `crt/host_defines.h` turns every CUDA keyword into a GNU attribute, so the `.ii` that cudafe++
//! reads (and we read) says `__attribute__((global))`, `((device))`, `((host))`, `((shared))`,
//! `((constant))`, `((managed))`, `((grid_constant))`, `((launch_bounds(256, 2)))`,
//! `((cluster_dims(2,1,1)))`, `((maxnreg(32)))`, `((device_builtin))` (checked with gcc -E on
//! CUDA 13.0.88's headers). `__forceinline__` becomes `__inline__ __attribute__((always_inline))`.

/// The CUDA attributes written on one declaration. Arguments stay source text until constant
/// evaluation exists (they may depend on template parameters).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct CudaAttrs {
    pub host: bool,
    pub device: bool,
    pub global: bool,
    pub shared: bool,
    pub constant: bool,
    pub managed: bool,
    pub grid_constant: bool,
    /// `device_builtin`: CUDA's own types and functions (`int2`, `threadIdx`...).
    pub device_builtin: bool,
    pub launch_bounds: Option<Vec<String>>,
    pub cluster_dims: Option<Vec<String>>,
    pub maxnreg: Option<String>,
}

impl CudaAttrs {
    /// Adds one GNU attribute by name (`global`, `__global__`: GCC accepts both spellings) with its
    /// argument list split at top-level commas. Returns false for attributes that are not CUDA's.
    pub fn add(&mut self, name: &str, args: &[&str]) -> bool {
        let name = name
            .strip_prefix("__")
            .and_then(|n| n.strip_suffix("__"))
            .unwrap_or(name);
        let texts = || {
            args.iter()
                .map(|a| a.trim().to_string())
                .collect::<Vec<_>>()
        };
        match name {
            "host" => self.host = true,
            "device" => self.device = true,
            "global" => self.global = true,
            "shared" => self.shared = true,
            "constant" => self.constant = true,
            "managed" => self.managed = true,
            "grid_constant" => self.grid_constant = true,
            "device_builtin" => self.device_builtin = true,
            "launch_bounds" => self.launch_bounds = Some(texts()),
            "cluster_dims" => self.cluster_dims = Some(texts()),
            "maxnreg" => self.maxnreg = texts().into_iter().next(),
            _ => return false,
        }
        true
    }
}

/// Where a routine runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ExecSpace {
    Host,
    Device,
    HostDevice,
    /// A kernel: runs on the device, launched from the host.
    Global,
}

impl ExecSpace {
    /// The spelling in cudafe++'s messages (`a __host__ __device__ function`).
    pub fn describe(self) -> &'static str {
        match self {
            ExecSpace::Host => "__host__",
            ExecSpace::Device => "__device__",
            ExecSpace::HostDevice => "__host__ __device__",
            ExecSpace::Global => "__global__",
        }
    }
}

/// What the implicit rules need to know about a routine besides its attributes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RoutineContext {
    pub is_constexpr: bool,
    /// `--expt-relaxed-constexpr` (`--relaxed_constexpr`).
    pub relaxed_constexpr: bool,
    /// An implicitly declared or `= default` special member: cudafe++ treats it as
    /// `__host__ __device__` and diagnoses only the calls it makes where they are used.
    pub is_implicit_or_defaulted_member: bool,
    /// For a lambda's call operator without its own annotation: the space of the routine the
    /// lambda is written in (a plain lambda inside a `__global__` function runs on the device).
    pub enclosing: Option<ExecSpace>,
}

/// The execution space of a routine: its attributes, else the implicit rules, else host.
pub fn execution_space(attrs: &CudaAttrs, cx: RoutineContext) -> ExecSpace {
    if attrs.global {
        return ExecSpace::Global;
    }
    match (attrs.host, attrs.device) {
        (true, true) => return ExecSpace::HostDevice,
        (false, true) => return ExecSpace::Device,
        (true, false) => return ExecSpace::Host,
        (false, false) => {}
    }
    if cx.is_implicit_or_defaulted_member {
        return ExecSpace::HostDevice;
    }
    if let Some(enclosing) = cx.enclosing {
        // A kernel's lambdas are device code; they are not kernels themselves.
        return if enclosing == ExecSpace::Global {
            ExecSpace::Device
        } else {
            enclosing
        };
    }
    if cx.is_constexpr && cx.relaxed_constexpr {
        return ExecSpace::HostDevice;
    }
    ExecSpace::Host
}

/// Where a variable lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MemorySpace {
    Host,
    Device,
    Constant,
    Shared,
    /// `__managed__` (always also `__device__`): unified memory, reachable from both sides.
    Managed,
}

/// The memory space of a variable from its attributes. `__managed__` wins over `__device__`
/// (host_defines.h writes both for `__managed__ __device__`), and `__constant__`/`__shared__`
/// over a redundant `__device__`.
pub fn memory_space(attrs: &CudaAttrs) -> MemorySpace {
    if attrs.managed {
        MemorySpace::Managed
    } else if attrs.constant {
        MemorySpace::Constant
    } else if attrs.shared {
        MemorySpace::Shared
    } else if attrs.device {
        MemorySpace::Device
    } else {
        MemorySpace::Host
    }
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    use super::*;

    fn attrs(list: &[(&str, &[&str])]) -> CudaAttrs {
        let mut a = CudaAttrs::default();
        for (name, args) in list {
            a.add(name, args);
        }
        a
    }

    #[test]
    fn routines() {
        let none = RoutineContext::default();
        let cases = [
            ("none", attrs(&[]), none),
            (
                "global+launch_bounds",
                attrs(&[("global", &[]), ("launch_bounds", &["256", " 2"])]),
                none,
            ),
            (
                "host device",
                attrs(&[("host", &[]), ("__device__", &[])]),
                none,
            ),
            ("device", attrs(&[("device", &[])]), none),
            (
                "constexpr",
                attrs(&[]),
                RoutineContext {
                    is_constexpr: true,
                    ..none
                },
            ),
            (
                "constexpr relaxed",
                attrs(&[]),
                RoutineContext {
                    is_constexpr: true,
                    relaxed_constexpr: true,
                    ..none
                },
            ),
            (
                "defaulted member",
                attrs(&[]),
                RoutineContext {
                    is_implicit_or_defaulted_member: true,
                    ..none
                },
            ),
            (
                "lambda in kernel",
                attrs(&[]),
                RoutineContext {
                    enclosing: Some(ExecSpace::Global),
                    ..none
                },
            ),
            (
                "device lambda in host",
                attrs(&[("device", &[])]),
                RoutineContext {
                    enclosing: Some(ExecSpace::Host),
                    ..none
                },
            ),
        ];
        let out: Vec<String> = cases
            .iter()
            .map(|(label, a, cx)| format!("{label}: {}", execution_space(a, *cx).describe()))
            .collect();
        expect![[r#"
            none: __host__
            global+launch_bounds: __global__
            host device: __host__ __device__
            device: __device__
            constexpr: __host__
            constexpr relaxed: __host__ __device__
            defaulted member: __host__ __device__
            lambda in kernel: __device__
            device lambda in host: __device__"#]]
        .assert_eq(&out.join("\n"));
        assert_eq!(
            attrs(&[("launch_bounds", &["256", " 2"])]).launch_bounds,
            Some(vec!["256".into(), "2".into()])
        );
    }

    #[test]
    fn variables() {
        let out: Vec<String> = [
            attrs(&[]),
            attrs(&[("device", &[])]),
            attrs(&[("constant", &[])]),
            attrs(&[("shared", &[])]),
            attrs(&[("managed", &[]), ("device", &[])]),
        ]
        .iter()
        .map(|a| format!("{:?}", memory_space(a)))
        .collect();
        expect!["Host Device Constant Shared Managed"].assert_eq(&out.join(" "));
        assert!(!CudaAttrs::default().add("aligned", &["16"]));
    }
}
