//! Form fields and the users dialog (blocks §3.8: "default: supports the tokens [(today)] and
//! [(user_email)]", "regex_validation: empty means no validation; not applied to file fields";
//! platform §5: the users dialog's required fields and e-mail pattern, and its alert texts).
//!
//! **Default tokens.** In a field's `default`, every `[(today)]` becomes the viewer's date as
//! `YYYY-MM-DD` (the viewer's today, see [`crate::context::Context`]) and every
//! `[(user_email)]` the signed-in user's e-mail, or nothing for a guest. Tokens are matched
//! exactly, as `[(current_user)]` is in filters. The current time is needed only when
//! `[(today)]` is there.
//!
//! **Pattern validation.** `regex_validation` works as the HTML `pattern` attribute does, so a
//! browser's own check and the server's agree: the pattern must match the **whole** value (it is
//! compiled as `^(?:pattern)$`), an empty value is not checked (whether a field is required is
//! a separate matter), a pattern of only spaces means no validation, and `file` fields are never
//! checked. The syntax is regex-lite's, Perl-like without Unicode classes (`\p{L}`); an invalid
//! pattern is an error naming it. Patterns are limited in compiled size, so a saved pattern
//! cannot make validation slow. A pattern written JavaScript-style, `/body/flags` with flags
//! among `gimsuy`, is read as its body, case-insensitive when the flags hold `i` (editors paste
//! such patterns; the whole body must still match). The server, which checks every submit, calls
//! this rule; the web form's first-paint copy (`web/src/blocks/form/fields.ts`) replays these
//! cases of `tests/vectors/forms.json` in Vitest.
//!
//! | value      | type   | regex_validation  | result                          |
//! |------------|--------|-------------------|---------------------------------|
//! | `12345`    | text   | `\d{5}`           | valid                           |
//! | `123456`   | text   | `\d{5}`           | not valid: the whole value must match |
//! | ``         | text   | `\d{5}`           | valid: empty values are not checked |
//! | `cv.pdf`   | file   | `\d{5}`           | valid: file fields are not checked |
//! | `anything` | text   | ``                | valid: no validation            |
//! | `x`        | text   | `(`               | error: invalid pattern          |
//! | `AB`       | text   | `/^ab$/i`         | valid: JavaScript-style, `i` flag |
//!
//! **Required fields and empty answers** (issue 48; the specs give no text, so these are
//! [`REQUIRED_FIELD`] and [`EMPTY_SUBMISSION`]). A field's `required` setting refuses a value that
//! is blank: empty, or nothing but white space (Unicode's `White_Space`, as Rust's `trim` reads it:
//! a no-break space or U+0085 is blank, a zero-width no-break space U+FEFF is not). It applies to
//! file fields too (their value is the uploaded file's address), and is checked before the
//! pattern. A whole answer ([`validate_submission`]) is refused when nothing in it is filled in:
//! every field the submitter sees is blank, or, on a form whose fields are all hidden, every
//! field is. Hidden fields are filled by their defaults, not by the submitter, so they never make
//! an answer count as filled in while a visible field exists, and `required` does not apply to
//! them (the editor hides the switch on a hidden field). An empty answer is refused before any
//! required field is named: the whole form is at fault, not one field.
//!
//! | fields (value, required, hidden)          | result                                     |
//! |-------------------------------------------|--------------------------------------------|
//! | `Ada`; ` ` required                       | not valid: "Email is required."            |
//! | ` `; `` (both optional)                   | not valid: "Fill in at least one field before sending." |
//! | ``; `web` hidden                          | not valid: the hidden default fills nothing in |
//! | ``; `Ada`                                 | valid: one field is filled in              |
//! | `` required, hidden; `Ada`                | valid: required does not apply to hidden fields |
//! | `2026-11-21` hidden (all hidden)          | valid: a one-click form                    |
//!
//! **E-mail addresses** (platform §5, "a simple pattern (local part, @, domain, dot, two or more
//! letters)"): the trimmed text holds no space, exactly one `@` with something before it, and
//! after it a domain, a dot, then two or more letters up to the end. Letters are Unicode letters
//! (`.рф` counts); digits or dashes in the last part do not (`a@b.c1`).
//!
//! | text                 | valid |
//! |----------------------|-------|
//! | ` ada@example.com `  | yes   |
//! | `ada@mail.example.co.uk` | yes |
//! | `ada@example`        | no    |
//! | `ada@example.c`      | no    |
//! | `ada@@example.com`, `@example.com`, `ada smith@example.com` | no |
//!
//! **Users dialog** (platform §5): name and e-mail are required, trimmed; an empty one raises
//! [`MISSING_NAME_OR_EMAIL`] and focus moves to it (the name when both are empty); an e-mail that
//! fails the pattern raises [`INVALID_EMAIL_ALERT`] with focus on the e-mail. The alert's
//! `{email}` is an example of a valid address ([`EMAIL_EXAMPLE`]): "e.g." introduces an
//! example, and repeating the address that was just refused would not help the user.

use serde::{Deserialize, Serialize};

use crate::context::Context;
use crate::error::QueryError;

/// Replaced by the viewer's date in a field default.
pub const TODAY_TOKEN: &str = "[(today)]";
/// Replaced by the signed-in user's e-mail in a field default.
pub const USER_EMAIL_TOKEN: &str = "[(user_email)]";
/// The field type that `regex_validation` never applies to.
pub const FILE_FIELD_TYPE: &str = "file";
/// Compiled-size limit of a `regex_validation` pattern, in bytes.
const PATTERN_SIZE_LIMIT: usize = 256 * 1024;

/// What a blank required field is told; `{label}` is the field's label.
pub const REQUIRED_FIELD: &str = "{label} is required.";
/// What an answer with nothing filled in is told.
pub const EMPTY_SUBMISSION: &str = "Fill in at least one field before sending.";
/// The name a required field without a label goes by in [`REQUIRED_FIELD`].
const UNLABELLED: &str = "This field";

/// The users dialog's alert for an empty name or e-mail (platform §5), word for word.
pub const MISSING_NAME_OR_EMAIL: &str = "Please fill in both Name and Email.";
/// The users dialog's alert for an invalid e-mail (platform §5); `{email}` is an example.
pub const INVALID_EMAIL_ALERT: &str = "Please enter a valid Email address (e.g., {email}).";
/// The address the invalid e-mail alert shows as an example.
pub const EMAIL_EXAMPLE: &str = "name@example.com";

/// Why a field default could not be resolved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DefaultError {
    #[error("the `[(today)]` default needs today's date: pass context.now")]
    MissingNow,
    #[error("context.now `{0}` is not an RFC 3339 time such as 2026-11-21T10:00:00Z")]
    BadNow(String),
}

impl From<QueryError> for DefaultError {
    fn from(e: QueryError) -> Self {
        match e {
            QueryError::BadNow(now) => DefaultError::BadNow(now),
            _ => DefaultError::MissingNow,
        }
    }
}

/// Why a field value was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FieldError {
    #[error("`{value}` does not match the pattern `{pattern}`")]
    NoMatch { value: String, pattern: String },
    #[error("regex_validation `{pattern}` is not a valid pattern: {reason}")]
    BadPattern { pattern: String, reason: String },
}

/// A required field left blank, named by its label. Shown to the submitter as it is, so it is a
/// sentence about the field, not the value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", REQUIRED_FIELD.replace("{label}", .label))]
pub struct Missing {
    pub label: String,
}

/// One field of a submitted answer, as [`validate_submission`] reads it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct SubmittedField {
    /// What the submitter reads the field as: its label, else its column.
    #[serde(default)]
    pub label: String,
    /// The value sent: text, a multi-select's choices joined, a file's address; empty when none.
    #[serde(default)]
    pub value: String,
    #[serde(default)]
    pub required: bool,
    #[serde(default)]
    pub hidden: bool,
}

/// Why a whole answer was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SubmissionError {
    #[error("{}", EMPTY_SUBMISSION)]
    Empty,
    /// The field at `index` of the answer is required and blank.
    #[error("{missing}")]
    Missing { index: usize, missing: Missing },
}

/// A field's default with its tokens replaced.
pub fn resolve_default(text: &str, ctx: &Context) -> Result<String, DefaultError> {
    let mut out = text.to_owned();
    if out.contains(TODAY_TOKEN) {
        let today = ctx.today()?.format("%Y-%m-%d").to_string();
        out = out.replace(TODAY_TOKEN, &today);
    }
    if out.contains(USER_EMAIL_TOKEN) {
        out = out.replace(USER_EMAIL_TOKEN, ctx.signed_in_email().unwrap_or(""));
    }
    Ok(out)
}

/// The whole-value matcher of a `regex_validation` setting, `None` when it is empty. Editors
/// can call it on save to refuse a broken pattern before any form uses it.
pub fn compile_pattern(pattern: &str) -> Result<Option<regex_lite::Regex>, FieldError> {
    if pattern.trim().is_empty() {
        return Ok(None);
    }
    let (body, case_insensitive) = slashed_pattern(pattern).unwrap_or((pattern, false));
    let build = |text: &str| regex_lite::RegexBuilder::new(text).case_insensitive(case_insensitive).size_limit(PATTERN_SIZE_LIMIT).build();
    let bad = |e: regex_lite::Error| FieldError::BadPattern { pattern: pattern.to_owned(), reason: e.to_string() };
    // The pattern is checked alone first: wrapped, an unbalanced `a)|(b` would compile.
    build(body).map_err(bad)?;
    build(&format!("^(?:{body})$")).map(Some).map_err(bad)
}

/// A JavaScript-style `/body/flags` pattern as its body and whether the flags hold `i`.
fn slashed_pattern(pattern: &str) -> Option<(&str, bool)> {
    let (body, flags) = pattern.strip_prefix('/')?.rsplit_once('/')?;
    (!body.is_empty() && flags.chars().all(|flag| "gimsuy".contains(flag))).then(|| (body, flags.contains('i')))
}

/// Checks a submitted value of a field of type `field_type` against its `regex_validation`.
pub fn validate_field(value: &str, field_type: &str, regex: &str) -> Result<(), FieldError> {
    if field_type.trim().eq_ignore_ascii_case(FILE_FIELD_TYPE) || value.is_empty() {
        return Ok(());
    }
    match compile_pattern(regex)? {
        Some(re) if !re.is_match(value) => Err(FieldError::NoMatch { value: value.to_owned(), pattern: regex.to_owned() }),
        _ => Ok(()),
    }
}

/// Whether a value is blank: empty or only white space, as a required field refuses it.
pub fn is_blank(value: &str) -> bool {
    value.trim().is_empty()
}

/// Refuses a blank `value` of a required field, whatever its type (a file field's value is the
/// file's address); `label` names the field in the message.
pub fn check_required(value: &str, required: bool, label: &str) -> Result<(), Missing> {
    if required && is_blank(value) {
        let label = if label.trim().is_empty() { UNLABELLED } else { label.trim() };
        return Err(Missing { label: label.to_owned() });
    }
    Ok(())
}

/// Checks a whole answer before it becomes a row: refused when nothing is filled in, then at the
/// first visible required field that is blank (see the module's table). Each value's type and
/// pattern are [`validate_field`]'s.
pub fn validate_submission(fields: &[SubmittedField]) -> Result<(), SubmissionError> {
    let any_visible = fields.iter().any(|field| !field.hidden);
    let counts = |field: &&SubmittedField| !any_visible || !field.hidden;
    if fields.iter().filter(counts).all(|field| is_blank(&field.value)) {
        return Err(SubmissionError::Empty);
    }
    for (index, field) in fields.iter().enumerate().filter(|(_, field)| !field.hidden) {
        check_required(&field.value, field.required, &field.label).map_err(|missing| SubmissionError::Missing { index, missing })?;
    }
    Ok(())
}

/// Whether `text` is an e-mail address by the simple pattern of platform §5.
pub fn is_valid_email(text: &str) -> bool {
    let text = text.trim();
    if text.chars().any(char::is_whitespace) {
        return false;
    }
    let Some((local, domain)) = text.split_once('@') else { return false };
    let Some((name, top)) = domain.rsplit_once('.') else { return false };
    !local.is_empty() && !domain.contains('@') && !name.is_empty() && top.chars().count() >= 2 && top.chars().all(char::is_alphabetic)
}

/// A field of the users dialog's Add/Edit popup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UserField {
    Name,
    Email,
}

/// Why the users dialog refuses to submit. The messages are the alerts of platform §5, word for
/// word, because the dialog shows them as they are.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UserFormError {
    #[error("Please fill in both Name and Email.")]
    Missing { focus: UserField },
    #[error("{}", invalid_email_alert(EMAIL_EXAMPLE))]
    InvalidEmail,
}

impl UserFormError {
    /// The field that gets the focus after the alert.
    pub fn focus(&self) -> UserField {
        match self {
            UserFormError::Missing { focus } => *focus,
            UserFormError::InvalidEmail => UserField::Email,
        }
    }
}

/// The invalid e-mail alert with `example` in place of `{email}`.
pub fn invalid_email_alert(example: &str) -> String {
    INVALID_EMAIL_ALERT.replace("{email}", example)
}

/// Checks the users dialog's Name and Email before submitting.
pub fn validate_user(name: &str, email: &str) -> Result<(), UserFormError> {
    if name.trim().is_empty() {
        return Err(UserFormError::Missing { focus: UserField::Name });
    }
    if email.trim().is_empty() {
        return Err(UserFormError::Missing { focus: UserField::Email });
    }
    if !is_valid_email(email) {
        return Err(UserFormError::InvalidEmail);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn viewer() -> Context {
        Context {
            now: Some("2026-11-21T23:30:00Z".into()),
            utc_offset_minutes: 60,
            user_email: Some(" ada@example.com ".into()),
            ..Context::default()
        }
    }

    #[test]
    fn default_tokens_become_the_viewers_date_and_email() {
        assert_eq!(resolve_default("[(today)]", &viewer()).unwrap(), "2026-11-22");
        assert_eq!(
            resolve_default("By [(user_email)] on [(today)], [(today)]", &viewer()).unwrap(),
            "By ada@example.com on 2026-11-22, 2026-11-22"
        );
    }

    #[test]
    fn a_guest_gets_an_empty_email_and_plain_text_needs_no_clock() {
        let guest = Context::default();
        assert_eq!(resolve_default("[(user_email)]", &guest).unwrap(), "");
        assert_eq!(resolve_default("Type here..", &guest).unwrap(), "Type here..");
        assert_eq!(resolve_default("", &guest).unwrap(), "");
        assert_eq!(resolve_default("[(Today)] [(today", &guest).unwrap(), "[(Today)] [(today", "tokens match exactly");
    }

    #[test]
    fn today_without_a_usable_now_is_an_error() {
        assert_eq!(resolve_default("[(today)]", &Context::default()), Err(DefaultError::MissingNow));
        let bad = Context { now: Some("noon".into()), ..Context::default() };
        assert_eq!(
            resolve_default("[(today)]", &bad).unwrap_err().to_string(),
            "context.now `noon` is not an RFC 3339 time such as 2026-11-21T10:00:00Z"
        );
    }

    #[test]
    fn patterns_must_match_the_whole_value() {
        assert_eq!(validate_field("12345", "text", r"\d{5}"), Ok(()));
        assert_eq!(validate_field("123456", "text", r"\d{5}").unwrap_err().to_string(), r"`123456` does not match the pattern `\d{5}`");
        assert!(validate_field("a12345", "text", r"\d{5}").is_err());
        assert_eq!(validate_field("b", "text", "a|b"), Ok(()), "alternatives are grouped before anchoring");
        assert!(validate_field("ab", "text", "a|b").is_err());
        assert!(validate_field("12345\n", "textarea", r"\d{5}").is_err());
    }

    #[test]
    fn javascript_style_patterns_are_read_as_their_body_and_flags() {
        assert_eq!(validate_field("AB", "text", "/^ab$/i"), Ok(()));
        assert_eq!(validate_field("ab", "text", "/ab/"), Ok(()));
        assert!(validate_field("abc", "text", "/ab/g").is_err(), "the whole value must still match");
        assert!(validate_field("AB", "text", "/ab/").is_err(), "no i flag, no case folding");
        assert!(validate_field("/ab/x", "text", "/ab/x").is_ok(), "unknown flags: the pattern is taken as written");
        assert!(validate_field("x", "text", "/(/").unwrap_err().to_string().starts_with("regex_validation `/(/` is not"));
    }

    #[test]
    fn empty_patterns_empty_values_and_file_fields_are_not_checked() {
        assert_eq!(validate_field("anything", "text", ""), Ok(()));
        assert_eq!(validate_field("anything", "text", "   "), Ok(()));
        assert_eq!(validate_field("", "text", r"\d+"), Ok(()));
        assert_eq!(validate_field("cv.pdf", "file", r"\d+"), Ok(()));
        assert_eq!(validate_field("cv.pdf", " File ", "("), Ok(()), "even a broken pattern is ignored on files");
        assert!(validate_field(" ", "text", r"\d+").is_err(), "spaces are a value");
    }

    #[test]
    fn unicode_values_match_by_character() {
        assert_eq!(validate_field("Zoë", "text", r"\w{3}"), Err(FieldError::NoMatch { value: "Zoë".into(), pattern: r"\w{3}".into() }));
        assert_eq!(validate_field("Zoë", "text", "Zo."), Ok(()));
        assert_eq!(validate_field("日本", "text", ".{2}"), Ok(()));
    }

    #[test]
    fn invalid_or_oversized_patterns_are_errors_naming_them() {
        let err = validate_field("x", "text", "(").unwrap_err().to_string();
        assert!(err.starts_with("regex_validation `(` is not a valid pattern: "), "{err}");
        assert!(validate_field("x", "text", "a)|(b").is_err(), "a pattern that only compiles once wrapped");
        assert!(validate_field("x", "text", r"\p{L}").is_err());
        assert!(compile_pattern("(?:a{1000}){1000}").is_err());
    }

    fn field(label: &str, value: &str, required: bool, hidden: bool) -> SubmittedField {
        SubmittedField { label: label.into(), value: value.into(), required, hidden }
    }

    #[test]
    fn a_required_field_refuses_a_blank_value_of_any_type() {
        assert_eq!(check_required("Ada", true, "Name"), Ok(()));
        assert_eq!(check_required("", false, "Name"), Ok(()));
        for blank in ["", " ", "\t\n", "\u{a0}", "\u{85}", "\u{2028}"] {
            assert_eq!(check_required(blank, true, "Name").unwrap_err().to_string(), "Name is required.", "{blank:?}");
        }
        assert_eq!(check_required("\u{feff}", true, "Name"), Ok(()), "U+FEFF is not white space");
        assert_eq!(check_required("", true, "  "), Err(Missing { label: "This field".into() }));
        assert_eq!(check_required("", true, " Your CV "), Err(Missing { label: "Your CV".into() }));
    }

    #[test]
    fn an_answer_with_nothing_filled_in_is_refused_before_any_required_field() {
        let empty = [field("Name", " ", true, false), field("Email", "", false, false)];
        assert_eq!(validate_submission(&empty), Err(SubmissionError::Empty));
        assert_eq!(SubmissionError::Empty.to_string(), "Fill in at least one field before sending.");
        assert_eq!(validate_submission(&[]), Err(SubmissionError::Empty), "a form without fields has nothing to send");
        let only_hidden_filled = [field("Name", "", false, false), field("Source", "web", false, true)];
        assert_eq!(validate_submission(&only_hidden_filled), Err(SubmissionError::Empty), "a hidden default fills nothing in");
        assert_eq!(validate_submission(&[field("Name", "", false, false), field("Email", "a@b.co", false, false)]), Ok(()));
    }

    #[test]
    fn the_first_blank_required_visible_field_is_named() {
        let answer = [field("Name", "Ada", false, false), field("Email", " ", true, false), field("Phone", "", true, false)];
        let refused = validate_submission(&answer).unwrap_err();
        assert_eq!(refused, SubmissionError::Missing { index: 1, missing: Missing { label: "Email".into() } });
        assert_eq!(refused.to_string(), "Email is required.");
        let hidden_required = [field("Token", "", true, true), field("Name", "Ada", false, false)];
        assert_eq!(validate_submission(&hidden_required), Ok(()), "required does not apply to hidden fields");
    }

    #[test]
    fn a_form_of_hidden_fields_only_counts_them() {
        assert_eq!(validate_submission(&[field("On", "2026-11-21", false, true)]), Ok(()), "a one-click form");
        assert_eq!(validate_submission(&[field("By", "", false, true), field("On", " ", false, true)]), Err(SubmissionError::Empty));
    }

    #[test]
    fn emails_follow_the_simple_pattern() {
        for yes in ["ada@example.com", " ada@example.com ", "ada@mail.example.co.uk", "a.b+c@x.io", "ada@пример.рф", "ada@b..com"] {
            assert!(is_valid_email(yes), "{yes}");
        }
        for no in [
            "",
            "   ",
            "ada",
            "ada@example",
            "ada@example.c",
            "ada@@example.com",
            "@example.com",
            "ada@.com",
            "ada smith@example.com",
            "ada@example.c1",
            "ada@ex@ample.com",
            "ada@example.com.",
        ] {
            assert!(!is_valid_email(no), "{no}");
        }
    }

    #[test]
    fn the_users_dialog_asks_for_both_fields_then_a_valid_email() {
        let missing = validate_user("  ", "ada@example.com").unwrap_err();
        assert_eq!((missing.to_string().as_str(), missing.focus()), (MISSING_NAME_OR_EMAIL, UserField::Name));
        assert_eq!(validate_user("", "").unwrap_err().focus(), UserField::Name);
        assert_eq!(validate_user("Ada", " ").unwrap_err().focus(), UserField::Email);
        let invalid = validate_user("Ada", "ada@example").unwrap_err();
        assert_eq!(invalid.to_string(), "Please enter a valid Email address (e.g., name@example.com).");
        assert_eq!(invalid.focus(), UserField::Email);
        assert_eq!(validate_user(" Ada ", " ada@example.com "), Ok(()));
    }

    #[test]
    fn the_invalid_email_alert_fills_in_its_example() {
        assert_eq!(invalid_email_alert("you@company.com"), "Please enter a valid Email address (e.g., you@company.com).");
    }

    #[test]
    fn the_api_ops_answer_json() {
        assert_eq!(
            crate::api::evaluate(
                "form_default",
                r##"{"text":"[(today)] by [(user_email)]","context":{"now":"2026-11-21T23:30:00Z","utc_offset_minutes":60,"user_email":"ada@example.com"}}"##
            ),
            Ok(r##""2026-11-22 by ada@example.com""##.to_owned())
        );
        assert_eq!(
            crate::api::evaluate("form_validate", r##"{"value":"123456","type":"text","regex_validation":"\\d{5}"}"##),
            Ok(r##"{"valid":false,"message":"`123456` does not match the pattern `\\d{5}`"}"##.to_owned())
        );
        assert_eq!(
            crate::api::evaluate("form_validate", r##"{"value":"12345","type":"text","regex_validation":"\\d{5}"}"##),
            Ok(r##"{"valid":true,"message":null}"##.to_owned())
        );
        assert_eq!(
            crate::api::evaluate("form_validate", r##"{"value":"x","type":"text","regex_validation":"("}"##),
            Err(r##"regex_validation `(` is not a valid pattern: found open group without closing ')'"##.to_owned())
        );
        assert_eq!(crate::api::evaluate("valid_email", r##"{"text":" ada@example.com "}"##), Ok(r##"true"##.to_owned()));
        assert_eq!(
            crate::api::evaluate("form_validate", r##"{"value":" ","type":"file","required":true,"label":"CV"}"##),
            Ok(r##"{"valid":false,"message":"CV is required."}"##.to_owned())
        );
        assert_eq!(
            crate::api::evaluate("form_submission", r##"{"fields":[{"label":"Name","value":"Ada"},{"label":"Email","required":true}]}"##),
            Ok(r##"{"valid":false,"message":"Email is required.","field":1}"##.to_owned())
        );
        assert_eq!(
            crate::api::evaluate("form_submission", r##"{"fields":[{"label":"Name"}]}"##),
            Ok(r##"{"valid":false,"message":"Fill in at least one field before sending.","field":null}"##.to_owned())
        );
    }
}
