//! NVIDIA's extended-lambda wrapper types, printed as the class templates cudafe++ declares
//! for them (`__nv_dl_wrapper_t<__nv_dl_tag<F, &f, N>, Captures...>`).

use super::Printer;
use crate::ast::{Node, NodeId, NvWrapperKind};

impl Printer<'_> {
    pub(super) fn print_nv_wrapper(&mut self, id: NodeId) {
        let ast = self.ast;
        let Node::NvLambdaWrapper {
            kind,
            fn_type,
            enclosing,
            id: lambda_id,
            ret,
            signature,
            captures,
        } = &ast[id]
        else {
            return;
        };
        let saved = std::mem::replace(&mut self.gt_is_gt, 0);
        let sep = ", ";
        match kind {
            NvWrapperKind::HostDevice {
                mutable,
                fnptr_conv,
                never_throws,
            } => {
                self.push("__nv_hdl_wrapper_t<");
                for flag in [mutable, fnptr_conv, never_throws] {
                    // As each dialect prints a `bool` template argument.
                    self.push(match (self.nv(), *flag) {
                        (true, true) => "(bool)1",
                        (true, false) => "(bool)0",
                        (false, true) => "true",
                        (false, false) => "false",
                    });
                    self.push(sep);
                }
            }
            _ => self.push("__nv_dl_wrapper_t<"),
        }
        self.push(if *kind == NvWrapperKind::DeviceTrailingReturn {
            "__nv_dl_trailing_return_tag<"
        } else {
            "__nv_dl_tag<"
        });
        self.print(*fn_type);
        self.push(sep);
        self.push("&");
        self.print(*enclosing);
        if let Some(r) = ret {
            self.push(sep);
            self.print(*r);
        }
        self.push(sep);
        // Printed as the `unsigned` non-type argument it is in the real template.
        if self.nv() {
            self.push(&format!("(unsigned int){lambda_id}"));
        } else {
            self.push(&format!("{lambda_id}u"));
        }
        self.close_angle();
        if let Some((ret, params)) = self.list(*signature).split_first() {
            self.push(sep);
            // The call signature prints as a function type `R (P...)`.
            self.print_left(*ret);
            self.push(" (");
            self.print_with_comma(params);
            self.push(")");
            self.print_right(*ret);
        }
        for c in self.list(*captures) {
            self.push(sep);
            self.print(*c);
        }
        self.close_angle();
        self.gt_is_gt = saved;
    }

    fn close_angle(&mut self) {
        if self.gnu() && self.last_char() == Some('>') {
            self.push(" ");
        }
        self.push(">");
    }
}
