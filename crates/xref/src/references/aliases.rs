//! Dependent alias template-ids in template declarations (`enable_if_t<sizeof(_B16) == 2,
//! bool>`, `__remove_cv_t<_Tp>`), as cudafe++ logs them (measured; `docs/spec/xref.md`,
//! "Alias template instances"): the arguments' references, then, where the template-id names
//! a specialization for the first time, the specialization's `T` line at the alias's name and
//! the references of the alias's type again, its parameters named after the arguments (one
//! bound to a template parameter by that parameter's name, any other `<unnamed>`) and its
//! template-ids printed with the arguments substituted (`enable_if<<expression>, bool>`,
//! `enable_if<<expression>, bool>::type`); then the specialization's `R` at the use. An
//! argument that is itself such a specialization (`remove_const_t<remove_reference_t<_Tp>>`)
//! names the parameter it is bound to.
//!
//! A specialization is one entity per alias and arguments: the written arguments and the
//! template parameters they name (the same `rm_t<X>` twice in one template is created once,
//! in two templates twice). Not here: non-dependent specializations (`rm_t<int>`, which EDG
//! completes like instances), pack arguments or parameters, and arguments printed with
//! `decltype`.
use rowan::NodeOrToken;
use syntax::{SyntaxKind::*, SyntaxNode};

use super::{Inner, Resolved};
use crate::tree::first_token;
use crate::{Scope, Walker};

/// How deep alias types are followed into the aliases they name.
const ALIAS_DEPTH: u32 = 8;

impl Walker<'_> {
    /// The dependent specialization a template-id of an alias template names, with its lines
    /// when it is new; `None` when `segment` names no alias template or one this does not print.
    pub(super) fn alias_template_id(
        &mut self,
        segment: &SyntaxNode,
        scope: &Scope,
    ) -> Option<Resolved> {
        if self.alias_depth >= ALIAS_DEPTH || !self.in_template() {
            return None;
        }
        let ident = first_token(segment, IDENT)?;
        let list = segment.children().find(|n| n.kind() == TEMPLATE_ARG_LIST)?;
        let mut written = Vec::new();
        if let Some(q) = segment.parent().filter(|p| p.kind() == QUALIFIED_NAME) {
            for s in q.children().filter(|n| n.kind() == NAME_REF) {
                if s == *segment {
                    break;
                }
                written.push(crate::tokens_text(&s));
            }
        }
        written.push(ident.text().to_string());
        let written = written.join("::");
        let key = self.find_lookup_key(written.trim_start_matches("::"), scope, |k| {
            self.alias_templates.contains_key(k).then(|| k.to_string())
        })?;
        // Member alias templates of classes are left out (their types name the class's
        // members and injected-class-name).
        let container = key.rsplit_once("::").map_or("", |(c, _)| c);
        if !container.is_empty() && !self.ids.contains_key(&format!("namespace {container}")) {
            return None;
        }
        let alias = self.alias_templates[&key].clone();
        // Packs: EDG's spelling of expansions is not reproduced; a trailing pack parameter
        // takes the arguments left (`__promoted_t<_Tp, _Up>`, `folds.rs`).
        let expands = list.descendants_with_tokens().any(|t| t.kind() == DOT3);
        let arity = list.children().count();
        let trailing_pack = alias.params.last().is_some_and(|p| p.pack)
            && alias.params.iter().filter(|p| p.pack).count() == 1
            && super::folds::is_fold_type(&alias.ty);
        let fits = if trailing_pack {
            arity >= alias.params.len()
        } else {
            !alias.params.iter().any(|p| p.pack) && arity <= alias.params.len()
        };
        if expands || !fits {
            return None;
        }
        if !self.is_dependent(segment, scope) && !self.under_alias_substitution(&list) {
            return None;
        }
        let args = self.written_args(segment, scope);
        let inner_args = args.strip_prefix('<')?.strip_suffix('>')?;
        let printed_args = crate::instances::split_printed_args(inner_args);
        // EDG's spelling of other arguments (template-ids, qualified names, casts) is not
        // reproduced: only template parameters and builtin types, with cv-qualifiers,
        // pointers and references, and expressions (`<expression>`).
        let count_fits = if trailing_pack {
            printed_args.len() >= alias.params.len()
        } else {
            printed_args.len() == alias.params.len()
        };
        if !count_fits || !printed_args.iter().all(|a| self.plain_printed_argument(a)) {
            return None;
        }
        // A member of the current instantiation (`allocator_traits<_Alloc>::allocator_type`
        // in `allocator_traits`) is what EDG resolves it to, not printed as written: left out.
        let in_current_instantiation = (0..scope.path.len())
            .filter(|&end| scope.path[end].contains('<'))
            .any(|end| {
                let class = format!("{}::", scope.path[..=end].join("::"));
                printed_args.iter().any(|a| a.contains(&class))
            });
        if in_current_instantiation {
            return None;
        }
        if !Self::canonical_cv(&args) {
            return None;
        }
        let printed = format!("{key}{args}");
        // The entity: the alias, the arguments and the template parameters they name (the
        // template's own, not an alias's being logged again).
        let outer = &self.template_param_ids[..self.outer_params()];
        let mut named: Vec<u32> = Vec::new();
        for word in printed_args
            .iter()
            .flat_map(|a| a.split(|c: char| !is_ident_char(c)))
        {
            if let Some(&(_, id)) = outer.iter().rev().find(|(n, _)| n == word) {
                named.push(id);
            }
        }
        if named.is_empty() {
            named.extend(outer.last().map(|(_, id)| *id));
        }
        // Outside an alias's type the arguments as written tell two expressions apart.
        let written_args = if self.alias_depth == 0 {
            crate::tokens_text(&list)
        } else {
            args.clone()
        };
        let (id, first) = self.keyed(format!("alias instance {key}{written_args} {named:?}"));
        self.alias_instances.insert(printed.clone());
        if first {
            self.emit(id, printed.clone(), 'T', alias.name_at);
            let before = self.lines.len();
            self.alias_type_references(&key, &alias, &printed_args);
            // The template-id the alias's type is, as just logged: its members are the
            // specialization's.
            if let Some(at) = template_id_type(&alias.ty)
                && let Some(line) = self.lines[before..]
                    .iter()
                    .rev()
                    .find(|l| l.offset == at && l.kind == 'R')
            {
                // Another alias's specialization stands for what that one's type is.
                let target = if self.alias_instances.contains(&line.name) {
                    self.alias_targets.get(&line.name).cloned()
                } else {
                    Some(line.name.clone())
                };
                if let Some(target) = target {
                    self.alias_targets.insert(printed.clone(), target);
                }
            }
        }
        let inner = if self.alias_targets.contains_key(&printed) {
            Inner::Dependent
        } else {
            Inner::Unknown
        };
        Some(Resolved { id, printed, inner })
    }

    /// A dependent class template-id that leaves out arguments (`__promote<_Tp>`): the
    /// references of the defaults it takes, the parameters bound to `printed` (the
    /// arguments with the defaults, as printed), as EDG logs them at each such use (it logs
    /// some twice; once here). `None` when they are not printed.
    pub(super) fn default_argument_references(
        &mut self,
        key: &str,
        given: usize,
        printed: &str,
    ) -> Option<()> {
        let (params, template_scope) = self.primary_params(key)?;
        let inner = printed.strip_prefix('<')?.strip_suffix('>')?;
        let args = crate::instances::split_printed_args(inner);
        if args.len() != params.len()
            || !args[..given].iter().all(|a| self.plain_printed_argument(a))
            || self.alias_depth >= ALIAS_DEPTH
        {
            return None;
        }
        // Arguments that do not name the template's parameters make an instance, which EDG
        // completes (not done here).
        let names_outer = args[..given].iter().any(|a| self.names_outer_parameter(a));
        let defaults: Vec<SyntaxNode> = params[given..]
            .iter()
            .filter_map(|p| p.default.clone())
            .collect();
        // The defaults print as `with_defaults` evaluates them only when they are names,
        // types or literals without alias templates (EDG keeps an alias's name, and prints
        // an expression `<expression>`).
        if !names_outer
            || defaults.len() != params.len() - given
            || !defaults
                .iter()
                .zip(&args[given..])
                .all(|(d, printed)| self.default_printed_as_written(d, printed, &template_scope))
        {
            return None;
        }
        // Only the defaults that depend on the parameters are looked up again.
        let named_parameters = |node: &SyntaxNode| -> Vec<usize> {
            node.descendants_with_tokens()
                .filter_map(NodeOrToken::into_token)
                .filter(|t| t.kind() == IDENT)
                .filter_map(|t| params.iter().position(|p| p.name == t.text()))
                .collect()
        };
        for (param, default) in params[given..].iter().zip(defaults) {
            // A non-type parameter's type that names the parameters is looked up again too
            // (measured with cudafe++: `subrange<_Ip, _Sp, _Kp>` logs the types of its three
            // `enable_if_t<..., int> = 0` parameters bound to its arguments), where the
            // parameters it names are bound to arguments that keep it dependent (others make
            // instances EDG completes: not done here).
            if let Some(declaration) = &param.declaration {
                let type_names = named_parameters(declaration);
                if !type_names.is_empty()
                    && type_names
                        .iter()
                        .all(|&i| args.get(i).is_some_and(|a| self.names_outer_parameter(a)))
                {
                    self.rebound_references(
                        key,
                        &params,
                        &args,
                        &template_scope,
                        |walker, scope| {
                            walker.references_below(declaration, scope);
                        },
                    );
                }
            }
            if named_parameters(&default).is_empty() {
                continue;
            }
            self.rebound_references(key, &params, &args, &template_scope, |walker, scope| {
                if matches!(default.kind(), TYPE_ID) {
                    walker.references_below(&default, scope);
                } else if let Some(name) = default
                    .children()
                    .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))
                    .filter(|_| default.kind() == ID_EXPR)
                {
                    walker.name_references(&name, scope);
                }
            });
        }
        Some(())
    }

    /// Whether printed arguments are in EDG's spelling as far as this can tell: a
    /// cv-qualifier written after a type name (`_Up const &`) is not (EDG prints it first).
    pub(super) fn canonical_cv(printed: &str) -> bool {
        let words: Vec<&str> = printed
            .split(|c: char| !is_ident_char(c) && c != '>')
            .filter(|w| !w.is_empty())
            .collect();
        words.windows(2).all(|pair| {
            !matches!(pair[1], "const" | "volatile")
                || matches!(pair[0], "const" | "volatile")
                || !printed.contains(&format!("{} {}", pair[0], pair[1]))
        })
    }

    /// Whether an argument as printed names one of the templates' own parameters (or is an
    /// expression on them): a template-id with it is dependent.
    pub(crate) fn names_outer_parameter(&self, arg: &str) -> bool {
        let outer = &self.template_param_ids[..self.outer_params()];
        arg.contains("<expression>")
            || arg
                .split(|c: char| !is_ident_char(c))
                .any(|w| outer.iter().any(|(n, _)| n == w))
    }

    /// Whether a template argument is a dependent alias template specialization logged
    /// already: EDG keeps its name in a dependent template-id (`__promote<__promoted_t<_Tp,
    /// _Up>>`, `__is_void_helper<__remove_cv_t<_Tp>>`; measured on test_data's logs).
    pub(super) fn names_alias_instance(&self, arg: &SyntaxNode, scope: &Scope) -> bool {
        template_id_type(arg).is_some()
            && self
                .alias_instances
                .contains(&self.arg_text(arg, scope, &self.alias_subst))
    }

    /// Whether a default argument prints as `with_defaults` evaluates it (`printed`): a
    /// literal, a plain type (template parameters and builtin types, cv-qualifiers first) or
    /// a member of a template-id, naming no alias template (EDG keeps an alias's name; it
    /// prints a constant variable's value and an expression as `<expression>`).
    fn default_printed_as_written(
        &self,
        default: &SyntaxNode,
        printed: &str,
        scope: &Scope,
    ) -> bool {
        let fits = match default.kind() {
            LITERAL => true,
            // A plain type, or a class named by its qualified name (`std::B`).
            TYPE_ID => {
                (self.plain_printed_argument(printed) && Self::canonical_cv(printed))
                    || !printed.is_empty() && printed.chars().all(|c| is_ident_char(c) || c == ':')
            }
            // `<expression>` where EDG evaluates nothing: no operators.
            ID_EXPR => {
                printed.contains(">::")
                    && printed.chars().all(|c| {
                        is_ident_char(c) || matches!(c, ':' | '<' | '>' | ',' | ' ' | '*' | '&')
                    })
                    && !printed.contains("&&")
            }
            _ => false,
        };
        fits && !default.descendants().any(|n| {
            n.kind() == NAME_REF
                && n.children().any(|c| c.kind() == TEMPLATE_ARG_LIST)
                && first_token(&n, IDENT).is_some_and(|ident| {
                    self.find_lookup_key(ident.text(), scope, |k| {
                        self.alias_templates.contains_key(k).then_some(())
                    })
                    .is_some()
                })
        })
    }

    /// How many of the template parameters in scope are the templates' own (the rest are
    /// those of aliases whose types are being logged again).
    fn outer_params(&self) -> usize {
        self.alias_params_from
            .unwrap_or(self.template_param_ids.len())
    }

    /// Whether an argument as printed is `<expression>` or made of the template parameters
    /// in scope and builtin type words, `*` and `&`, or names a member of a template
    /// parameter (`_B1::value`, printed as written).
    fn plain_printed_argument(&self, arg: &str) -> bool {
        if arg == "<expression>" || self.alias_instances.contains(arg) {
            return true;
        }
        let outer = &self.template_param_ids[..self.outer_params()];
        let identifiers = |s: &str| {
            s.split("::")
                .all(|m| !m.is_empty() && m.chars().all(is_ident_char))
        };
        if let Some((first, members)) = arg.split_once("::")
            && outer.iter().any(|(n, _)| n == first)
        {
            return identifiers(members);
        }
        // A member of a class template's template-id with such arguments
        // (`std::is_convertible<_Iter, _Iterator>::value`), printed qualified as written.
        if let Some((id, member)) = arg.rsplit_once(">::")
            && let Some((template, inner)) = id.split_once('<')
        {
            return identifiers(member)
                && self.templates.contains_key(template)
                && crate::instances::split_printed_args(inner)
                    .iter()
                    .all(|a| self.plain_printed_argument(a));
        }
        !arg.is_empty()
            && arg
                .chars()
                .all(|c| is_ident_char(c) || matches!(c, ' ' | '*' | '&'))
            && arg.split(|c: char| !is_ident_char(c)).all(|w| {
                w.is_empty() || BUILTIN_WORDS.contains(&w) || outer.iter().any(|(n, _)| n == w)
            })
    }

    /// Whether a template-id in an alias's type being re-logged names one of its parameters
    /// (`enable_if<_Bp, _Tp>` in `enable_if_t`'s type).
    fn under_alias_substitution(&self, list: &SyntaxNode) -> bool {
        !self.alias_subst.is_empty()
            && list
                .descendants_with_tokens()
                .filter_map(NodeOrToken::into_token)
                .any(|t| t.kind() == IDENT && self.alias_subst.contains_key(t.text()))
    }

    /// The references of an alias's type for one specialization, its parameters bound to
    /// `args` (as printed).
    fn alias_type_references(
        &mut self,
        key: &str,
        alias: &crate::instances::AliasTemplate,
        args: &[String],
    ) {
        let ty = alias.ty.clone();
        self.rebound_references(key, &alias.params, args, &alias.scope, |walker, scope| {
            walker.references_below(&ty, scope);
        });
    }

    /// Runs `log` (which logs references of a template's declaration) with the template's
    /// parameters bound to `args` (as printed): a parameter bound to a template parameter
    /// prints under that one's name, any other `<unnamed>`, and template-ids print with the
    /// arguments substituted.
    pub(super) fn rebound_references(
        &mut self,
        key: &str,
        params: &[crate::instances::Param],
        args: &[String],
        scope: &Scope,
        log: impl FnOnce(&mut Walker<'_>, &Scope),
    ) {
        let ids_before = self.template_param_ids.len();
        let outermost = self.alias_params_from.is_none();
        if outermost {
            self.alias_params_from = Some(ids_before);
        }
        let names_before = self.template_param_names.len();
        let saved_subst = std::mem::take(&mut self.alias_subst);
        let saved_packs = std::mem::take(&mut self.alias_packs);
        for (i, (param, arg)) in params.iter().zip(args).enumerate() {
            // A trailing pack takes the arguments left; a fold over it logs its pattern per
            // argument (`folds.rs`).
            if param.pack {
                self.alias_packs
                    .insert(param.name.clone(), args[i..].to_vec());
                break;
            }
            let (id, _) = self.keyed(format!("rebound parameter {key} {}", param.name));
            let outer = &self.template_param_ids[..self.outer_params()];
            let printed =
                if outer.iter().any(|(n, _)| n == arg) || self.alias_instances.contains(arg) {
                    arg.clone()
                } else {
                    "<unnamed>".to_string()
                };
            self.param_printed.insert(id, printed);
            self.template_param_ids.push((param.name.clone(), id));
            self.template_param_names.push(param.name.clone());
            self.alias_subst.insert(param.name.clone(), arg.clone());
        }
        self.alias_depth += 1;
        log(self, scope);
        self.alias_depth -= 1;
        self.alias_subst = saved_subst;
        self.alias_packs = saved_packs;
        self.template_param_ids.truncate(ids_before);
        self.template_param_names.truncate(names_before);
        if outermost {
            self.alias_params_from = None;
        }
    }
}

/// Where the template name of an alias's type that is a class template-id is
/// (`__promote` of `__promote<__promoted_t<_Tp, _Up>>`), not a member of one.
fn template_id_type(ty: &SyntaxNode) -> Option<rowan::TextSize> {
    let mut children = ty.children();
    let (Some(name), None) = (children.next(), children.next()) else {
        return None;
    };
    let last = match name.kind() {
        NAME_REF => name,
        QUALIFIED_NAME => name.children().last().filter(|n| n.kind() == NAME_REF)?,
        _ => return None,
    };
    last.children()
        .any(|n| n.kind() == TEMPLATE_ARG_LIST)
        .then_some(())?;
    Some(first_token(&last, IDENT)?.text_range().start())
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The words of builtin types and their qualifiers.
const BUILTIN_WORDS: &[&str] = &[
    "void", "bool", "char", "signed", "unsigned", "short", "int", "long", "float", "double",
    "wchar_t", "char8_t", "char16_t", "char32_t", "__int128", "const", "volatile",
];
