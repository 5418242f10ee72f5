//! NVIDIA extensions: the `Unvdl`/`Unvdtl`/`Unvhdl` lambda wrapper types that cudafe++ writes
//! into `__device_stub__` names, the `__nv_static_<len>_<module-id>_` prefix, and stub
//! identifiers that embed a mangled name.

use super::{PResult, Parser};
use crate::ast::{Node, NodeId, NvWrapperKind};

impl<'a> Parser<'a> {
    /// ```text
    /// Unvdl  <ncap> _ <fn-type> <fn-name> <id> _ <capture type>{ncap}
    /// Unvdtl <ncap> _ <fn-type> <fn-name> <return type> <id> _ <capture type>{ncap}
    /// Unvhdl <mutable> _ <fnptr-conv> _ <noexcept> _ <ncap> _ <fn-type> <fn-name> <id> _
    ///        <return type> <param type>* E <capture type>{ncap}
    /// ```
    /// (Grammar inferred from the typedefs cudafe++ writes next to the stubs.)
    pub(super) fn parse_nv_lambda_wrapper(&mut self) -> PResult {
        let save = self.pos;
        let res = self.nested(|p| p.parse_nv_lambda_wrapper_inner());
        if res.is_none() {
            self.pos = save;
        }
        res
    }

    fn parse_nv_lambda_wrapper_inner(&mut self) -> PResult {
        let mut kind = if self.consume_if("Unvdtl") {
            NvWrapperKind::DeviceTrailingReturn
        } else if self.consume_if("Unvdl") {
            NvWrapperKind::Device
        } else if self.consume_if("Unvhdl") {
            NvWrapperKind::HostDevice {
                mutable: false,
                fnptr_conv: false,
                never_throws: false,
            }
        } else {
            return None;
        };
        if let NvWrapperKind::HostDevice { .. } = kind {
            let mutable = self.parse_flag()?;
            let fnptr_conv = self.parse_flag()?;
            let never_throws = self.parse_flag()?;
            kind = NvWrapperKind::HostDevice {
                mutable,
                fnptr_conv,
                never_throws,
            };
        }
        let ncap = self.parse_underscored_number()?;
        let fn_type = self.parse_type()?;
        let enclosing = self.parse_name(None)?;
        let mut ret = None;
        if kind == NvWrapperKind::DeviceTrailingReturn {
            ret = Some(self.parse_type()?);
        }
        let id = self.parse_underscored_number()?;
        let mut signature = self.buffer();
        if let NvWrapperKind::HostDevice { .. } = kind {
            while !self.consume_byte(b'E') {
                if self.at_end() {
                    return None;
                }
                signature.push(self.parse_type()?);
            }
            if signature.is_empty() {
                return None;
            }
        }
        let mut captures = self.buffer();
        for _ in 0..ncap {
            captures.push(self.parse_type()?);
        }
        let signature = self.list_from(signature);
        let captures = self.list_from(captures);
        Some(self.make(Node::NvLambdaWrapper {
            kind,
            fn_type,
            enclosing,
            id,
            ret,
            signature,
            captures,
        }))
    }

    /// `<digit>+ _` with `0` meaning false.
    fn parse_flag(&mut self) -> Option<bool> {
        Some(self.parse_underscored_number()? != 0)
    }

    fn parse_underscored_number(&mut self) -> Option<u64> {
        let n = self.parse_positive_integer()?;
        if !self.consume_byte(b'_') {
            return None;
        }
        Some(n)
    }

    /// `__nv_static_<len>_<module-id>_<mangled-name>`: an internal-linkage entity registered
    /// in a host reference array.
    pub(super) fn parse_nv_static(&mut self) -> PResult {
        if !self.consume_if("__nv_static_") {
            return None;
        }
        let len = usize::try_from(self.parse_positive_integer()?).ok()?;
        if !self.consume_byte(b'_') || len > self.num_left() {
            return None;
        }
        let begin = self.pos;
        self.pos += len;
        let module_id = self.text(begin);
        if !self.consume_byte(b'_') || !self.consume_if("_Z") {
            return None;
        }
        let mut enc = self.parse_encoding()?;
        if self.look() == b'.' && !self.at_end() {
            enc = self.parse_dot_suffixes(enc);
        }
        if !self.at_end() {
            return None;
        }
        let module_id = self.str(module_id);
        Some(self.make(Node::NvStatic {
            module_id,
            name: enc,
        }))
    }

    /// `__device_stub__Z...`: cudafe++ names a kernel's host stub `__device_stub_` followed by
    /// the kernel's mangled name. When the rest is a valid mangled name, keep it as such.
    pub(super) fn parse_embedded_stub(&mut self, ident: &str) -> Option<NodeId> {
        const PREFIX: &str = "__device_stub_";
        if !self.vendor_extensions || !ident.starts_with("__device_stub__Z") {
            return None;
        }
        let inner_begin = self.pos - ident.len() + PREFIX.len();
        let inner = &self.input[inner_begin..self.pos];
        // Parse the embedded name with a fresh parser state over the same arena.
        let saved_input = std::mem::replace(&mut self.input, inner);
        let saved_utf8 = std::mem::replace(&mut self.utf8, std::str::from_utf8(inner).ok());
        let saved_pos = std::mem::replace(&mut self.pos, 0);
        let saved_base = self.text_base;
        self.text_base = saved_base.map(|base| base + inner_begin);
        let saved_subs = std::mem::take(&mut self.tables.subs);
        let saved_prefix_subs = std::mem::take(&mut self.tables.prefix_subs);
        let saved_params = std::mem::take(&mut self.tables.template_params);
        let saved_outer = std::mem::take(&mut self.tables.outer);
        let saved_fwd = std::mem::take(&mut self.tables.forward_refs);
        let saved_permit = std::mem::replace(&mut self.permit_forward_refs, false);
        let saved_try = std::mem::replace(&mut self.try_to_parse_template_args, true);
        let saved_incomplete = std::mem::replace(&mut self.incomplete_template_tracking, false);
        let saved_lambda = self.parsing_lambda_params_at_level.take();
        let res = self.nested(|p| {
            if !p.consume_if("_Z") {
                return None;
            }
            let enc = p.parse_encoding()?;
            if !p.at_end() {
                return None;
            }
            Some(enc)
        });
        self.input = saved_input;
        self.utf8 = saved_utf8;
        self.pos = saved_pos;
        self.text_base = saved_base;
        self.tables.subs = saved_subs;
        self.tables.prefix_subs = saved_prefix_subs;
        self.tables.template_params = saved_params;
        self.tables.outer = saved_outer;
        self.tables.forward_refs = saved_fwd;
        self.permit_forward_refs = saved_permit;
        self.try_to_parse_template_args = saved_try;
        self.incomplete_template_tracking = saved_incomplete;
        self.parsing_lambda_params_at_level = saved_lambda;
        let encoding = res?;
        Some(self.make(Node::DeviceStub {
            prefix_len: PREFIX.len() as u32,
            encoding,
        }))
    }
}
