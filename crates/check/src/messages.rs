//! The messages cufe's checks emit: EDG's external number, its symbolic tag (what
//! `-diag-suppress=TAG` names), whether it is discretionary (`#N-D`, changeable by options and
//! pragmas) and its text with `%` holes, as cudafe++/cicc 13.0.88 hold them
//! (`../shared/data/diagnostics/`; a test checks every entry against those tables when present).
//! Only the messages cufe produces are here, not the whole table.

/// How a message is shown before options change it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    Remark,
    Warning,
    Error,
}

impl Severity {
    pub fn word(self) -> &'static str {
        match self {
            Severity::Remark => "remark",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// One entry of the message table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Message {
    pub number: u32,
    pub tag: &'static str,
    pub text: &'static str,
}

/// cicc's back end (NVVM), not EDG: printed `warning: FILE(LINE): Warning: TEXT`, without a
/// number, after the front end's output ([`crate::Phase::Backend`]).
pub const CONSTANT_MEMORY_STORE: Message = Message {
    number: 0,
    tag: "",
    text: "Cannot store to pointer that points to constant memory space",
};

macro_rules! messages {
    ($($konst:ident = $n:literal, $tag:literal, $text:literal;)*) => {
        $(pub const $konst: Message = Message { number: $n, tag: $tag, text: $text };)*
        /// Every message of this table.
        pub const ALL: &[Message] = &[$($konst),*];
    };
}

messages! {
    // Remarks (`remarks`).
    STORAGE_CLASS_NOT_FIRST = 82, "storage_class_not_first", "storage class is not first";
    REDECLARED_INLINE = 479, "called_function_redeclared_inline", "%n redeclared \"inline\" after being called";
    CANNOT_INLINE = 679, "cannot_inline", "%n cannot be inlined";
    PARAMETER_NOT_REFERENCED = 826, "unreferenced_function_param", "%n was never referenced";
    LOCAL_HIDDEN = 1348, "local_variable_hidden", "declaration hides %nd";
    VARIABLE_HIDES_ENTITY = 2349, "variable_hides_entity", "declaration hides %nd";
    DEFAULT_STREAM_LAUNCH = 20198, "default_stream_launch", "explicit stream argument not provided in kernel launch";
    MISSING_LAUNCH_BOUNDS = 20238, "missing_launch_bounds", "no __launch_bounds__ specified for __global__ function";
    UNDEFINED_IDENTIFIER = 20, "undefined_identifier", "identifier %sq is undefined";
    RETURN_TYPE_MISMATCH = 120, "bad_return_value_type", "return value type does not match the function type";
    TOO_MANY_ARGUMENTS = 140, "too_many_arguments", "too many arguments in function call";
    NARROWING_CONVERSION = 2361, "narrowing_conversion", "invalid narrowing conversion from %t1 to %t2";
    BAD_INITIALIZER_TYPE = 144, "bad_initializer_type", "a value of type %t1 cannot be used to initialize an entity of type %t2";
    TOO_FEW_ARGUMENTS = 165, "too_few_arguments", "too few arguments in function call";
    ALREADY_DECLARED = 101, "id_already_declared", "%sq has already been declared in the current scope";
    MODIFIABLE_LVALUE = 137, "expr_not_a_modifiable_lvalue", "expression must be a modifiable lvalue";
    DECLARED_NOT_REFERENCED = 177, "declared_but_not_referenced", "%n was declared but never referenced";
    SET_NOT_USED = 550, "set_but_not_used", "%n was set but never used";
    VIRTUAL_HIDDEN = 997, "virtual_function_decl_hidden", "%np2 is hidden by %no1 -- virtual function override intended?";
    MAIN_RETURN_TYPE = 951, "bad_return_type_on_main", "return type of function \"main\" must be \"int\"";
    WRONG_ENTITY_FOR_ATTRIBUTE = 1835, "wrong_entity_for_attribute", "attribute %sq does not apply here";
    TEMPLATE_PARAM_REDECLARED = 496, "redeclaration_of_template_param_name", "template parameter %sq may not be redeclared in this scope";
    DECL_HIDES_TEMPLATE_PARAM = 497, "decl_hides_template_parameter", "declaration of %sq hides template parameter";
    HANDLER_REDECLARES_PARAMETER = 1203, "handler_redeclares_parameter", "parameter %sq may not be redeclared in a catch clause of function try block";
    DECL_HIDES_HANDLER_PARAM = 1210, "decl_hides_catch_parameter", "declaration of %sq hides handler parameter";
    FOR_INIT_REDECLARED = 779, "redeclaration_of_for_init_decl_name", "%sq, declared in for-loop initialization, may not be redeclared in this scope";
    DEPRECATED = 1215, "deprecated_entity", "%n was declared deprecated";
    DEPRECATED_WITH_MESSAGE = 1444, "deprecated_entity_with_custom_message", "%n was declared deprecated (%sq)";
    DELETED_FUNCTION = 1776, "deleted_function", "%npd cannot be referenced -- it is a deleted function";
    UNAVAILABLE_ATTR = 3263, "unavailable_attr", "because of an \"unavailable\" attribute";
    ALREADY_DEFINED_AT = 3369, "already_defined_with_pos", "%n has already been defined (previous definition %p)";
    UNAVAILABLE = 3285, "unavailable_entity", "%n was declared declared unavailable";
    UNAVAILABLE_WITH_MESSAGE = 3286, "unavailable_entity_with_custom_message", "%n was declared unavailable (%sq)";
    DEPRECATED_ATTR = 3287, "deprecated_attr", "because of a \"deprecated\" attribute";
    AUTO_DEVICE_FN_REF = 20166, "auto_device_fn_ref", "A non-constexpr __device__ function (%sq1) with \"auto\" deduced return type cannot be directly referenced %s2, except if the reference is absent when __CUDA_ARCH__ is undefined";
    DELETED_DEFAULT_CONSTRUCTOR = 1790, "deleted_default_constructor", "the default constructor of %t cannot be referenced -- it is a deleted function";
    UNINITIALIZED_CONST_MEMBER = 369, "var_with_uninitialized_member", "%n has an uninitialized const or reference member";
    PARTIAL_OVERRIDE = 611, "partial_override", "overloaded virtual function %no1 is only partially overridden in %n2";
    DELETED_LATE = 1775, "deleted_function_definition_must_be_first_declaration", "\"= delete\" can only appear on the first declaration of a function";
    EXTERN_TREATED_AS_STATIC = 20044, "extern_entity_treated_as_static", "extern declaration of the entity %s is treated as a static definition";
    ANONYMOUS_UNION_MEMBER_IN_DEVICE = 20104, "anon_union_member_variable_access", "member variables of an anonymous union at global or namespace scope cannot be directly accessed in __device__ and __global__ functions";
    D_HD_CALL = 20005, "d_hd_illegal_call", "calling a __device__ function(%sq1) from a __host__ __device__ function(%sq2) is not allowed";
    D_H_CALL = 20007, "d_h_illegal_call", "calling a __device__ function(%sq1) from a __host__ function(%sq2) is not allowed";
    D_HD_CALL_CONSTEXPR = 20006, "d_hd_illegal_call_constexpr", "calling a constexpr __device__ function(%sq1) from a __host__ __device__ function(%sq2) is not allowed. The experimental flag '--expt-relaxed-constexpr' can be used to allow this.";
    D_H_CALL_CONSTEXPR = 20008, "d_h_illegal_call_constexpr", "calling a constexpr __device__ function(%sq1) from a __host__ function(%sq2) is not allowed. The experimental flag '--expt-relaxed-constexpr' can be used to allow this.";
    H_HD_CALL_CONSTEXPR = 20013, "h_hd_illegal_call_constexpr", "calling a constexpr __host__ function(%sq1) from a __host__ __device__ function(%sq2) is not allowed. The experimental flag '--expt-relaxed-constexpr' can be used to allow this.";
    H_D_CALL_CONSTEXPR = 20017, "h_d_illegal_call_constexpr", "calling a constexpr __host__ function(%sq1) from a __device__ function(%sq2) is not allowed. The experimental flag '--expt-relaxed-constexpr' can be used to allow this.";
    H_G_CALL_CONSTEXPR = 20019, "h_g_illegal_call_constexpr", "calling a constexpr __host__ function(%sq1) from a __global__ function(%sq2) is not allowed. The experimental flag '--expt-relaxed-constexpr' can be used to allow this.";
    DEVICE_LAUNCH_NO_SEPCOMP = 20023, "device_launch_no_sepcomp", "kernel launch from __device__ or __global__ functions requires separate compilation mode";
    H_HD_CALL = 20011, "h_hd_illegal_call", "calling a __host__ function(%sq1) from a __host__ __device__ function(%sq2) is not allowed";
    H_HD_CALL_GENERIC = 20014, "h_hd_illegal_call_generic", "calling a __host__ function from a __host__ __device__ function is not allowed";
    H_D_CALL = 20016, "h_d_illegal_call", "calling a __host__ function(%sq1) from a __device__ function(%sq2) is not allowed";
    H_G_CALL = 20018, "h_g_illegal_call", "calling a __host__ function(%sq1) from a __global__ function(%sq2) is not allowed";
    ILLEGAL_MEM_QUALIFIERS = 20024, "illegal_mem_qualifiers", "illegal combination of memory qualifiers";
    LOCAL_IN_HOST_FUNCTION = 20026, "illegal_local_to_host_function", "%s1 %sq2 variable declaration is not allowed inside a host function body";
    LOCAL_IN_DEVICE_FUNCTION = 20027, "illegal_local_to_device_function", "%s1 %sq2 variable declaration is not allowed inside a device function body";
    MEMBER_QUALIFIERS = 20028, "illegal_member_qualifiers", "memory qualifier on data member is not allowed";
    GLOBAL_REDECLARED_WITHOUT = 20030, "global_function_redeclared_without_global", "a __global__ function(%no1) redeclared without __global__";
    GLOBAL_REDECLARED_DEVICE = 20032, "global_function_redeclared_with_device", "a __global__ function(%no1) redeclared with __device__";
    DEVICE_REDECLARED_HOST = 20035, "device_function_redeclared_with_host", "a __device__ function(%no1) redeclared with __host__, hence treated as a __host__ __device__ function";
    DEVICE_REDECLARED_WITHOUT = 20037, "device_function_redeclared_without_device", "a __device__ function(%no1) redeclared without __device__, hence treated as a __host__ __device__ function";
    HOST_REDECLARED_DEVICE = 20039, "host_function_redeclared_with_device", "a __host__ function(%no1) redeclared with __device__, hence treated as a __host__ __device__ function";
    VARIABLE_REDECLARED_WITH = 20042, "variable_redeclared_with", "a %s1 variable(%no1) redeclared with %s2";
    GLOBAL_ELLIPSIS = 20046, "global_function_has_ellipsis", "a __global__ function cannot have ellipsis";
    GLOBAL_RETURN_TYPE = 20048, "global_function_return_type", "a __global__ function must have a void return type";
    GLOBAL_DEDUCED_RETURN = 20049, "global_function_deduced_return_type", "a __global__ function must not have a deduced return type";
    GLOBAL_INLINE = 20050, "global_function_inline", "inline qualifier ignored for %sq function";
    CONFIGURATION = 20051, "configuration_error", "a %s function call %s2 be configured";
    ILLEGAL_INIT = 20053, "illegal_init", "initializer not allowed for %s variable %s2";
    STATIC_DYNAMIC_INIT = 20054, "static_var_with_dynamic_init", "dynamic initialization is not supported for a function-scope static %s variable within a __device__/__global__ function";
    NO_EXCEPTIONS = 20060, "no_exception_on_device", "device code does not support exception handling";
    NO_DYNAMIC_INIT = 20061, "no_dynamic_init", "dynamic initialization is not supported for a %s variable";
    GLOBAL_RVALUE_REF = 20063, "global_rvalue_ref_type", "a __global__ function cannot have a parameter with rvalue reference type";
    UNDEFINED_IN_DEVICE = 20068, "undefined_device_identifier", "identifier %sq is undefined in device code";
    BOUNDS_ONLY_ON_GLOBAL = 20077, "bounds_attr_only_on_global_func", "%s is only allowed on a __global__ function";
    MAIN_MARKED_DEVICE = 20081, "main_marked_device", "function main cannot be marked __device__ or __global__";
    DEVICE_VAR_READ_IN_HOST = 20091, "device_var_read_in_host", "a %s1 %n1 cannot be directly read in a host function";
    DEVICE_VAR_WRITTEN_IN_HOST = 20092, "device_var_written_in_host", "a %s1 %n1 cannot be directly written in a host function";
    DEVICE_VAR_ADDRESS_IN_HOST = 20093, "device_var_address_taken_in_host", "address of a %s1 %n1 cannot be directly taken in a host function";
    HOST_VAR_READ_IN_DEVICE = 20094, "host_var_read_in_device", "a host %n1 cannot be directly read in a device function";
    HOST_VAR_WRITTEN_IN_DEVICE = 20095, "host_var_written_in_device", "a host %n1 cannot be directly written in a device function";
    HOST_VAR_ADDRESS_IN_DEVICE = 20096, "host_var_address_taken_in_device", "address of a host %n1 cannot be directly taken in a device function";
    OVERRIDE_H_D = 20085, "vfunc_incompat_exec_h_d", "execution space mismatch: overridden entity (%n1) is a __host__ function, but overriding entity (%n2) is a __device__ function";
    OVERRIDE_H_HD = 20086, "vfunc_incompat_exec_h_hd", "execution space mismatch: overridden entity (%n1) is a __host__ function, but overriding entity (%n2) is a __host__ __device__ function";
    OVERRIDE_D_HD = 20087, "vfunc_incompat_exec_d_hd", "execution space mismatch: overridden entity (%n1) is a __device__ function, but overriding entity (%n2) is a __host__ __device__ function";
    OVERRIDE_D_H = 20088, "vfunc_incompat_exec_d_h", "execution space mismatch: overridden entity (%n1) is a __device__ function, but overriding entity (%n2) is a __host__ function";
    OVERRIDE_HD_H = 20089, "vfunc_incompat_exec_hd_h", "execution space mismatch: overridden entity (%n1) is a __host__ __device__ function, but overriding entity (%n2) is a __host__ function";
    OVERRIDE_HD_D = 20090, "vfunc_incompat_exec_hd_d", "execution space mismatch: overridden entity (%n1) is a __host__ __device__ function, but overriding entity (%n2) is a __device__ function";
    MANAGED_CONST = 20109, "managed_const_type_not_allowed", "a __managed__ variable cannot have a const qualified type";
    MANAGED_REFERENCE = 20110, "managed_reference_type_not_allowed", "a __managed__ variable cannot have a reference type";
    MANAGED_SHARED_CONSTANT = 20111, "managed_cant_be_shared_constant", "__managed__ variables cannot be marked __shared__ or __constant__";
    THREAD_LOCAL_DEVICE_VAR = 20113, "thread_local_for_device_vars", "cannot use thread_local specifier for a %s variable";
    THREAD_LOCAL_IN_DEVICE = 20114, "thread_local_in_device_code", "cannot use thread_local specifier for variable declarations in device code";
    GLOBAL_PACK_NOT_LAST = 20116, "global_function_pack_not_last", "Pack template parameter must be the last template parameter for a variadic __global__ function template";
    GLOBAL_INITIALIZER_LIST = 20115, "global_function_with_initializer_list", "a __global__ function or function template cannot have a parameter with type std::initializer_list";
    GLOBAL_CONSTEXPR = 20118, "global_function_constexpr", "A __global__ function or function template cannot be marked constexpr";
    MANAGED_DECLTYPE = 20119, "decltype_of_managed_variable", "A __managed__ variable cannot be used as an unparenthesized id-expression argument for decltype()";
    GLOBAL_LOCAL_TYPE_ARG = 20126, "global_func_local_template_arg", "A type defined inside a __host__ function  (%t) cannot be used in the template argument type of a __global__ function template instantiation";
    GLOBAL_PRIVATE_TYPE_ARG = 20128, "global_private_type_arg", "A type that is defined inside a class and has private or protected access (%t) cannot be used in the template argument type of a __global__ function template instantiation, unless the class is local to a __device__ or __global__ function";
    DEVICE_VAR_CONSTEXPR = 20120, "device_var_constexpr", "A %s variable cannot be marked constexpr";
    DEVICE_STRUCTURED_BINDING = 20121, "device_var_structured_binding", "The %s specifier is not allowed for a structured binding declaration";
    DEVICE_VAR_INLINE_NS = 20122, "device_variable_in_unnamed_inline_ns", "A %s variable cannot be declared within an inline unnamed namespace";
    GLOBAL_INLINE_NS = 20124, "global_function_in_unnamed_inline_ns", "A __global__ function or function template cannot be declared within an inline unnamed namespace";
    GLOBAL_VA_LIST = 20131, "global_va_list_type", "A __global__ function or function template cannot have a parameter with va_list type";
    EXTENDED_LAMBDA_REFERENCE_CAPTURE = 20136, "extended_lambda_reference_capture", "An extended %s lambda cannot capture variables by reference";
    EXTENDED_LAMBDA_DISALLOWED = 20155, "extended_lambda_disallowed", "__host__ or __device__ annotation on lambda requires --extended-lambda nvcc flag";
    GLOBAL_FRIEND_DEFINITION = 20186, "global_friend_definition", "A __global__ function or function template cannot be defined in a friend declaration";
    GLOBAL_OPERATOR = 20187, "global_operator_function", "An operator function cannot be a __global__ function";
    GLOBAL_EXCEPTION_SPEC = 20190, "global_exception_spec", "An exception specification is not allowed for a __global__ function or function template";
    INLINE_DEVICE_VAR = 20191, "unsupported_inline_var", "An inline __device__/__constant__/__managed__ variable must have internal linkage when the program is compiled in whole program mode (-rdc=false)";
    SHARED_RANGE_FOR = 20192, "shared_specifier_in_range_for", "the __shared__ memory space specifier is not allowed for a variable declared by the for-range-declaration";
    ZERO_SIZE_VAR = 20211, "zero_size_var_not_allowed", "zero-sized variable %sq is not allowed in device code";
    GLOBAL_MEMBER = 20231, "global_class_decl", "A __global__ function or function template cannot be a member function";
    GRID_CONSTANT_NOT_CONST = 20239, "grid_constant_not_const", "a parameter annotated with __grid_constant__ must have const-qualified type";
    GRID_CONSTANT_REFERENCE = 20240, "grid_constant_reference_type", "a parameter annotated with __grid_constant__ must not have reference type";
    GRID_CONSTANT_NON_KERNEL = 20245, "grid_constant_non_kernel", "__grid_constant__ annotation is only allowed on a parameter of a __global__ function";
    SUPPRESS_REMARK = 20252, "supress_warning", "The warnings can be suppressed with \"-diag-suppress <warning-number>\"";
    GLOBAL_CONSTEVAL = 20254, "global_function_consteval", "A __global__ function or function template cannot be marked consteval";
}

/// The message with `number`, if cufe knows it.
pub fn by_number(number: u32) -> Option<Message> {
    ALL.iter().copied().find(|m| m.number == number)
}

/// The number a `-diag-*` option or pragma names: a number, or a tag of this table.
pub fn number_of(spelling: &str) -> Option<u32> {
    let s = spelling.trim();
    if let Ok(n) = s.parse::<u32>() {
        return Some(n);
    }
    // `-diag-suppress=177-D` is accepted as well.
    if let Some(n) = s.strip_suffix("-D").and_then(|n| n.parse::<u32>().ok()) {
        return Some(n);
    }
    ALL.iter().find(|m| m.tag == s).map(|m| m.number)
}

/// Fills a message's holes in order: `%sq1`, `%sq`, `%no1`, `%n`... each take the next
/// argument; quoted kinds (`%sq`, `%no`, `%n` naming entities) are given their quotes by the
/// caller, so every hole is replaced verbatim.
pub fn format(message: &Message, args: &[&str]) -> String {
    let text = message.text;
    let mut out = String::new();
    let mut args = args.iter();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j].is_ascii_alphanumeric() {
                j += 1;
            }
            out.push_str(args.next().copied().unwrap_or(""));
            i = j;
        } else {
            let ch = text[i..].chars().next().unwrap_or(' ');
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every entry agrees with the tables measured from the real tools, when they are present.
    #[test]
    fn entries_match_the_measured_tables() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared/data/diagnostics");
        let (Ok(tags), Ok(ext), Ok(edg)) = (
            std::fs::read_to_string(dir.join("diag_tags.tsv")),
            std::fs::read_to_string(dir.join("cuda_msgs_ext.tsv")),
            std::fs::read_to_string(dir.join("cudafe_msgs.tsv")),
        ) else {
            eprintln!("note: ../shared/data/diagnostics absent; message table not checked");
            return;
        };
        let text_of = |n: u32| {
            ext.lines()
                .chain(edg.lines())
                .filter_map(|l| l.split_once('\t'))
                .find(|(k, _)| k.parse::<u32>().ok() == Some(n))
                .map(|(_, t)| t.to_string())
        };
        for m in ALL {
            let tag = tags
                .lines()
                .map(|l| l.split('\t').collect::<Vec<_>>())
                .find(|f| f.len() == 3 && f[1].parse::<u32>().ok() == Some(m.number))
                .map(|f| f[2].to_string());
            assert_eq!(tag.as_deref(), Some(m.tag), "tag of {}", m.number);
            assert_eq!(
                text_of(m.number).as_deref(),
                Some(m.text),
                "text of {}",
                m.number
            );
        }
    }

    #[test]
    fn holes_are_filled_in_order() {
        assert_eq!(
            format(&D_H_CALL, &["\"d()\"", "\"h\""]),
            "calling a __device__ function(\"d()\") from a __host__ function(\"h\") is not allowed"
        );
        assert_eq!(number_of("h_hd_illegal_call"), Some(20011));
        assert_eq!(number_of("177"), Some(177));
    }
}
