//! Who is calling: read from the session token only, never from `_email`, `_id` or any other
//! value the browser sends (platform §7 lists those; they do not decide identity).

use serde::Serialize;
use utoipa::ToSchema;

use crate::infra::error::Error;

/// The plan that unlocks embedding (the `plans` table's `paid`).
pub const PAID_PLAN: &str = "paid";

/// A signed-in user as the server knows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct User {
    pub id: String,
    pub email: String,
    pub name: String,
    pub plan_id: String,
    pub email_verified: bool,
}

impl User {
    pub fn is_free_plan(&self) -> bool {
        self.plan_id != PAID_PLAN
    }
}

/// The caller of a request: a signed-in user with their session, or a guest. A missing,
/// malformed, tampered, expired or revoked token all make a guest; calls that need a user
/// answer 401 through [`Caller::user`].
#[derive(Debug, Clone, Default)]
pub struct Caller {
    pub signed_in: Option<SignedIn>,
}

#[derive(Debug, Clone)]
pub struct SignedIn {
    pub user: User,
    pub session_id: String,
    /// The e-mail is in `TESSERA_ADMIN_EMAILS`.
    pub is_admin: bool,
}

impl Caller {
    /// The signed-in user, or 401 'Please login to do this!'.
    pub fn user(&self) -> Result<&SignedIn, Error> {
        self.signed_in.as_ref().ok_or(Error::Unauthorized)
    }

    /// The signed-in platform administrator, or 401/403.
    pub fn admin(&self) -> Result<&SignedIn, Error> {
        let signed_in = self.user()?;
        if signed_in.is_admin {
            Ok(signed_in)
        } else {
            Err(Error::NotPermitted("Only platform administrators may do this.".to_owned()))
        }
    }

    pub fn email(&self) -> Option<&str> {
        self.signed_in.as_ref().map(|signed_in| signed_in.user.email.as_str())
    }
}

#[cfg(test)]
mod tests {
    use axum::http::{HeaderMap, Request};

    use crate::accounts::auth::session;

    fn parts(headers: &[(&str, &str)]) -> HeaderMap {
        let mut request = Request::builder();
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request.body(()).unwrap().into_parts().0.headers
    }

    #[test]
    fn the_token_comes_from_a_bearer_header_or_the_session_cookie() {
        assert_eq!(session::bearer_token(&parts(&[("authorization", "Bearer abc.def.ghi")])).as_deref(), Some("abc.def.ghi"));
        assert_eq!(session::bearer_token(&parts(&[("authorization", "Basic dXNlcg==")])), None);
        let cookies = parts(&[("cookie", "theme=dark; tessera_session=tok.en.x; other=1")]);
        assert_eq!(session::cookie_token(&cookies).as_deref(), Some("tok.en.x"));
        assert_eq!(session::cookie_token(&parts(&[("cookie", "tessera_session_old=x")])), None);
    }
}
