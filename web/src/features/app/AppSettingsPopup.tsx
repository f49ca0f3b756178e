import { useId, useState, type FormEvent } from 'react';
import type { AppRecord, PageState } from '../../generated/api';
import { ColourField } from '../../components/ColourField';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { Loading } from '../../components/Loading';
import { Popup } from '../../components/Popup';
import { SaveFooter } from '../../components/SaveFooter';
import { useSubmit } from '../../hooks/useSubmit';
import { SignInMethodSelect } from '../auth/signInMethods';
import { filterProblems, hasProblems, toEditable, toSaved } from '../filters/editableFilter';
import { FilterEditor } from '../filters/FilterEditor';
import { SpreadsheetSelect } from '../spreadsheets/SpreadsheetSelect';
import { ThemeFields, type ThemeValue } from '../theme/ThemeFields';
import { useSheetColumns } from '../spreadsheets/useSheetColumns';
import { useWorkspaceSpreadsheets } from '../spreadsheets/useWorkspaceSpreadsheets';
import { updateApp, updatePage, type AppChange, type PageChange } from './appApi';
import { AppChromeSettings } from './AppChromeSettings';
import { recordPageSettings } from './pageUndo';

export const APP_SETTINGS_TITLE = 'App Settings';

type PageColour = 'page_background' | 'block_border' | 'block_shadow';

const COLOURS: { field: PageColour; label: string }[] = [
  { field: 'page_background', label: 'Page background' },
  { field: 'block_border', label: 'Block border' },
  { field: 'block_shadow', label: 'Block shadow' },
];

function colourValues(page: PageState): Record<PageColour, string> {
  return { page_background: page.page_background, block_border: page.block_border, block_shadow: page.block_shadow };
}

const FILTER_PROBLEMS = 'Some filters cannot be saved as they are; the message beside each says why.';

/** The fields whose refusals show at their own input; other refusals show under the form. */
const SIGN_IN_METHOD = 'sign_in_method';

const PAGE_FIELDS: readonly string[] = [...COLOURS.map(({ field }) => field), 'filters', SIGN_IN_METHOD, 'spreadsheetId', 'accent_color', 'look'];

function signInMethodOf(app: AppRecord | null): string {
  const method = app?.settings[SIGN_IN_METHOD];
  return typeof method === 'string' ? method : '';
}

/**
 * platform §2 'App Settings': the app's name, sub-domain, spreadsheet and its URL, public flag and
 * sign-in method, the current page's colours and filters, and the header and footer of every page. Only changed values are sent; refusals (a taken sub-domain)
 * show inline, those naming a page setting at it.
 */
export function AppSettingsPopup({
  app,
  page,
  onClose,
  onAppSaved,
  onPageSaved,
}: {
  app: AppRecord | null;
  page: PageState;
  /** Also called once everything is saved. */
  onClose: () => void;
  onAppSaved: (app: AppRecord) => void;
  /** The page settings as saved (colours, filters), and the app's theme the page shows. */
  onPageSaved: (settings: Partial<PageState>) => void;
}) {
  const formId = useId();
  const { busy, error, errorField, setError, run } = useSubmit();
  const [name, setName] = useState(app?.name ?? '');
  const [subdomain, setSubdomain] = useState(app?.subdomain ?? '');
  const [spreadsheetUrl, setSpreadsheetUrl] = useState(app?.spreadsheet_url ?? '');
  const [spreadsheetId, setSpreadsheetId] = useState(app?.spreadsheetId ?? '');
  const spreadsheets = useWorkspaceSpreadsheets(app?.workspace_id ?? '');
  const [isPublic, setPublic] = useState(app?.public ?? false);
  const [signInMethod, setSignInMethod] = useState(() => signInMethodOf(app));
  // The page state carries the app's theme with its defaults filled in by the server.
  const [initialTheme] = useState<ThemeValue>(() => ({ accent_color: page.accent_color, look: page.look }));
  const [theme, setTheme] = useState(initialTheme);
  const [initialColours] = useState(() => colourValues(page));
  const [colours, setColours] = useState(initialColours);
  const [initialFilters] = useState(() => (page.filters ?? []).map(toEditable));
  const [filters, setFilters] = useState(initialFilters);
  const columns = useSheetColumns(page.spreadsheetId);
  const fieldError = (field: string) => (errorField === field && error ? error : undefined);
  const formError = errorField && PAGE_FIELDS.includes(errorField) ? null : error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!app) return;
    if (hasProblems(filterProblems(filters))) {
      setError(FILTER_PROBLEMS);
      return;
    }
    void run(async () => {
      const appChange: AppChange = {};
      if (name.trim() !== app.name) appChange.name = name.trim();
      if (subdomain.trim() !== app.subdomain) appChange.subdomain = subdomain.trim();
      if (spreadsheetUrl.trim() !== app.spreadsheet_url) appChange.spreadsheet_url = spreadsheetUrl.trim();
      if (spreadsheetId !== (app.spreadsheetId ?? '')) appChange.spreadsheetId = spreadsheetId || null;
      if (isPublic !== app.public) appChange.public = isPublic;
      const settings: Record<string, unknown> = {};
      if (signInMethod !== signInMethodOf(app)) settings[SIGN_IN_METHOD] = signInMethod;
      const themeChange: Partial<ThemeValue> = {};
      if (theme.accent_color.trim() !== initialTheme.accent_color) themeChange.accent_color = theme.accent_color.trim();
      if (theme.look !== initialTheme.look) themeChange.look = theme.look;
      if (Object.keys({ ...settings, ...themeChange }).length > 0) appChange.settings = { ...settings, ...themeChange };
      const pageChange: PageChange = {};
      for (const { field } of COLOURS) {
        if (colours[field].trim() !== initialColours[field]) pageChange[field] = colours[field].trim();
      }
      const savedFilters = filters.map(toSaved);
      if (JSON.stringify(savedFilters) !== JSON.stringify(initialFilters.map(toSaved))) pageChange.filters = savedFilters;
      // Each part is applied as soon as it is saved, so a refusal of the second leaves the first shown.
      if (Object.keys(appChange).length > 0) {
        onAppSaved(await updateApp(app.id, appChange));
        if (Object.keys(themeChange).length > 0) onPageSaved(themeChange);
      }
      if (Object.keys(pageChange).length > 0) {
        const { settings } = await updatePage(app.id, page.page_id, pageChange);
        recordPageSettings(app.id, page.page_id, pageChange, { ...initialColours, filters: initialFilters.map(toSaved) });
        onPageSaved({
          page_background: settings.page_background,
          block_border: settings.block_border,
          block_shadow: settings.block_shadow,
          filters: settings.filters,
        });
      }
      onClose();
    });
  };

  const footer = app && <SaveFooter formId={formId} saving={busy} onCancel={onClose} />;

  return (
    <Popup title={APP_SETTINGS_TITLE} onClose={onClose} closeBlocked={busy} footer={footer} maxWidth={720}>
      {!app ? (
        <Loading />
      ) : (
        <form id={formId} className="form app-settings" onSubmit={submit}>
          <Field label="App name">
            <input required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field label="Sub-domain" hint="3 to 63 lowercase letters, digits or hyphens.">
            <input required minLength={3} maxLength={63} value={subdomain} onChange={(e) => setSubdomain(e.target.value)} />
          </Field>
          <Field
            label="Spreadsheet"
            hint="Where the app's blocks read and write rows: one of this workspace's spreadsheets."
            error={fieldError('spreadsheetId') ?? spreadsheets.error ?? undefined}
          >
            <SpreadsheetSelect spreadsheets={spreadsheets.spreadsheets ?? []} value={spreadsheetId} onChange={setSpreadsheetId} />
          </Field>
          <Field label="Spreadsheet URL" hint="Opened by the spreadsheet button; https:// or http://.">
            <input type="url" value={spreadsheetUrl} onChange={(e) => setSpreadsheetUrl(e.target.value)} />
          </Field>
          <label className="app-settings-check">
            <input type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.target.checked)} />
            Public (anyone with the link can view the app)
          </label>
          <Field label="Sign-in method" hint="How the app's users sign in on its own pages." error={fieldError(SIGN_IN_METHOD)}>
            <SignInMethodSelect value={signInMethod} onChange={setSignInMethod} />
          </Field>
          <fieldset className="app-settings-theme">
            <legend>Theme of every page</legend>
            <ThemeFields value={theme} onChange={setTheme} errorOf={fieldError} />
          </fieldset>
          <fieldset className="app-settings-colours">
            <legend>Colours of this page ({page.page_name || 'Home'})</legend>
            {COLOURS.map(({ field, label }) => (
              <ColourField
                key={field}
                label={label}
                value={colours[field]}
                error={fieldError(field)}
                onChange={(value) => setColours({ ...colours, [field]: value })}
              />
            ))}
          </fieldset>
          <fieldset className="app-settings-filters">
            <legend>Filters of this page ({page.page_name || 'Home'})</legend>
            <FilterEditor
              filters={filters}
              onChange={setFilters}
              sheets={page.sheets ?? []}
              columnsOf={(sheet) => columns[sheet]}
              error={fieldError('filters')}
            />
          </fieldset>
          <FormError message={formError} />
        </form>
      )}
      {/* Outside the form: each default has its own editor and Save. */}
      {app && <AppChromeSettings app={app} onAppSaved={onAppSaved} />}
    </Popup>
  );
}
