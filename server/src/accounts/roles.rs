//! Who may do what (platform §6), decided on the server for every call.
//!
//! | role       | who                                              | view private | edit content | write rows |
//! |------------|--------------------------------------------------|--------------|--------------|------------|
//! | admin      | e-mail in `TESSERA_ADMIN_EMAILS`                 | yes          | yes          | yes        |
//! | owner      | owner of the workspace the board or app is in    | yes          | yes          | yes        |
//! | read-write | app user invited with Read-Write                 | yes          | no           | yes        |
//! | read       | app user invited with Read                       | yes          | no           | no         |
//! | user       | signed in, no access granted                     | no           | no           | no         |
//! | guest      | not signed in                                    | no           | no           | no         |
//!
//! "Edit content" is the editor shell (`can_edit`): blocks, pages, settings, users. Public boards
//! and apps are viewable by everyone. An app user is matched by a *verified* e-mail, so signing
//! up with an invited address grants nothing until its owner proves it.

use serde::Serialize;
use utoipa::ToSchema;

use crate::accounts::auth::Caller;
use crate::infra::db::Db;
use crate::infra::error::{Error, ResultExt};

/// What a signed-in caller who may see a board but not do the thing is told (403, without
/// 'Access denied': that text is kept for private content, see [`Error::Private`]).
pub const APP_USERS_CANNOT_EDIT: &str = "App users cannot manage the app itself; ask its owner.";
pub const ONLY_THE_OWNER: &str = "Only the owner (or a platform administrator) may do this.";
pub const READ_ONLY: &str = "You have Read access to this data; ask the owner for Read-Write access to change it.";
pub const NO_WRITE_ACCESS: &str = "You have no access to change this data; ask its owner.";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    Admin,
    Owner,
    ReadWrite,
    Read,
    User,
    Guest,
}

impl Role {
    /// The `user_role` value of board and page state.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Admin => "admin",
            Self::Owner => "owner",
            Self::ReadWrite => "read-write",
            Self::Read => "read",
            Self::User => "user",
            Self::Guest => "guest",
        }
    }

    pub fn can_edit(self) -> bool {
        matches!(self, Self::Admin | Self::Owner)
    }

    pub fn can_write_rows(self) -> bool {
        matches!(self, Self::Admin | Self::Owner | Self::ReadWrite)
    }

    pub fn can_view(self, public: bool) -> bool {
        public || matches!(self, Self::Admin | Self::Owner | Self::ReadWrite | Self::Read)
    }

    /// Ok when the caller may see something whose `public` flag is given; else 403 with the
    /// private-app text ('Access denied' ...).
    pub fn require_view(self, public: bool) -> Result<(), Error> {
        if self.can_view(public) {
            Ok(())
        } else {
            Err(Error::private())
        }
    }

    /// Ok for owners and admins; guests get 401, everyone else 403.
    pub fn require_edit(self) -> Result<(), Error> {
        match self {
            _ if self.can_edit() => Ok(()),
            Self::Guest => Err(Error::Unauthorized),
            Self::Read | Self::ReadWrite => Err(Error::NotPermitted(APP_USERS_CANNOT_EDIT.to_owned())),
            _ => Err(Error::NotPermitted(ONLY_THE_OWNER.to_owned())),
        }
    }

    /// Ok for owners, admins and Read-Write users; guests get 401, everyone else 403.
    pub fn require_write_rows(self) -> Result<(), Error> {
        match self {
            _ if self.can_write_rows() => Ok(()),
            Self::Guest => Err(Error::Unauthorized),
            Self::Read => Err(Error::NotPermitted(READ_ONLY.to_owned())),
            _ => Err(Error::NotPermitted(NO_WRITE_ACCESS.to_owned())),
        }
    }
}

/// The caller's role on anything in a workspace owned by `owner_id` (boards, spreadsheets).
pub fn workspace_role(caller: &Caller, owner_id: &str) -> Role {
    match &caller.signed_in {
        None => Role::Guest,
        Some(signed_in) if signed_in.is_admin => Role::Admin,
        Some(signed_in) if signed_in.user.id == owner_id => Role::Owner,
        Some(_) => Role::User,
    }
}

/// The caller's role on an app in a workspace owned by `owner_id`: as [`workspace_role`], and
/// an invited app user's permission when the caller's verified e-mail was invited.
pub async fn app_role(db: &Db, caller: &Caller, app_id: &str, owner_id: &str) -> Result<Role, Error> {
    let role = workspace_role(caller, owner_id);
    let Some(signed_in) = caller.signed_in.as_ref().filter(|_| role == Role::User) else {
        return Ok(role);
    };
    if !signed_in.user.email_verified {
        return Ok(role);
    }
    let permission: Option<(String,)> = sqlx::query_as("SELECT permissions FROM app_users WHERE app_id = $1 AND email = $2")
        .bind(app_id)
        .bind(&signed_in.user.email)
        .fetch_optional(&db.pool)
        .await
        .context("looking up an app user")?;
    Ok(match permission.as_ref().map(|(permission,)| permission.as_str()) {
        Some("read-write") => Role::ReadWrite,
        Some(_) => Role::Read,
        None => Role::User,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_role_has_exactly_its_rights() {
        let table = [
            (Role::Admin, true, true, true),
            (Role::Owner, true, true, true),
            (Role::ReadWrite, true, false, true),
            (Role::Read, true, false, false),
            (Role::User, false, false, false),
            (Role::Guest, false, false, false),
        ];
        for (role, view_private, edit, write_rows) in table {
            assert_eq!(role.can_view(false), view_private, "{role:?} view private");
            assert!(role.can_view(true), "{role:?} view public");
            assert_eq!(role.can_edit(), edit, "{role:?} edit");
            assert_eq!(role.can_write_rows(), write_rows, "{role:?} write rows");
        }
    }

    #[test]
    fn only_private_content_says_access_denied_and_other_refusals_say_what_was_refused() {
        use axum::http::StatusCode;
        assert_eq!(Role::Guest.require_view(false).unwrap_err().status(), StatusCode::FORBIDDEN);
        assert!(Role::User.require_view(false).unwrap_err().to_string().starts_with("Access denied"));
        assert_eq!(Role::Guest.require_edit().unwrap_err().to_string(), "Please login to do this!");
        let refusals = [
            (Role::Read.require_write_rows(), READ_ONLY),
            (Role::User.require_write_rows(), NO_WRITE_ACCESS),
            (Role::ReadWrite.require_edit(), APP_USERS_CANNOT_EDIT),
            (Role::User.require_edit(), ONLY_THE_OWNER),
        ];
        for (refused, text) in refusals {
            let error = refused.unwrap_err();
            assert_eq!((error.status(), error.to_string()), (StatusCode::FORBIDDEN, text.to_owned()));
            assert!(!text.contains("Access denied"), "{text}");
        }
    }
}
