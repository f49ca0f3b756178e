//! Tessera's HTTP integration suite: one test binary (one link step) with a module per subject.
//! Most tests run on SQLite and on PostgreSQL through `both_databases!` (see `support`).

mod support;

mod access_matrix;
mod account;
mod admin;
mod answer_cache;
mod app_settings;
mod app_users;
mod apps;
mod auth;
mod blocks;
mod boards;
mod client_errors;
mod cross_site;
mod data_blocks;
mod demo;
mod docs;
mod embed;
mod embed_tokens;
mod env;
mod first_paint;
mod google_sheets;
mod history;
mod marketplace;
mod onboarding;
mod openapi;
mod pages;
mod path_tricks;
mod plans;
mod row_actions;
mod rows;
mod scope;
mod scope_property;
mod sheet_columns;
mod sheet_data;
mod sheet_values;
mod source_failures;
mod spreadsheet_files;
mod spreadsheets;
mod storage;
mod templates;
mod theme;
mod uploads;
mod web_routes;
mod workspaces;
