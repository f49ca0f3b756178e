// Spreadsheets as the server answers them, for the dashboard, connect and grid view tests.
import type { SpreadsheetView } from '../generated/api';

export const workspace = { id: 'w1', name: 'Sales team', subdomain: 'sales', owner_id: 'u1', created_at: 1 };

export const uploaded: SpreadsheetView = {
  id: 's-up',
  workspace_id: 'w1',
  name: 'Orders 2026',
  kind: 'upload',
  source_url: '',
  fetched_at: null,
  created_at: 1,
  open_url: '/dashboard/spreadsheets/s-up',
  sheets: [
    { title: 'Orders', columns: ['ChartApps Record ID', 'Date', 'Amount'], row_count: 250, version: 1 },
    { title: 'Returns', columns: ['ChartApps Record ID', 'Order'], row_count: 1, version: 1 },
  ],
};

export const google: SpreadsheetView = {
  id: 's-gs',
  workspace_id: 'w1',
  name: 'Team roster',
  kind: 'google_sheets',
  source_url: 'https://docs.google.com/spreadsheets/d/abc/edit',
  fetched_at: 1_767_225_600,
  created_at: 1,
  open_url: 'https://docs.google.com/spreadsheets/d/abc/edit',
  sheets: [{ title: 'People', columns: ['ChartApps Record ID', 'Name'], row_count: 12, version: 3 }],
};
