//! Boards and apps as stored: their blocks, settings and pages, who owns them (plans), and the
//! demo workspace made from them. What a caller may see of them is `access/`.

pub mod app_settings;
pub mod apps;
pub mod blocks;
pub mod board_state;
pub mod demo;
pub mod plans;
pub mod theme;
