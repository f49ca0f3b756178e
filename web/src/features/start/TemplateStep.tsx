import { BLOCK_LABELS, TEMPLATES, type SheetColumns, type StarterTemplate } from './templates';

interface Props {
  /** The chosen sheet's visible columns; null without data, which leaves only the blank board. */
  sheet: SheetColumns | null;
  template: StarterTemplate;
  onTemplate: (id: string) => void;
}

/** A starting layout, with the blocks it will add for the chosen sheet's own columns. */
export function TemplateStep({ sheet, template, onTemplate }: Props) {
  return (
    <>
      <p className="muted">
        {sheet
          ? `Each template builds its blocks from the columns of ${sheet.title}. You can change, add or remove blocks afterwards.`
          : 'Templates build their blocks from your data: connect a spreadsheet to use them, or start with a blank board.'}
      </p>
      <fieldset className="start-templates">
        <legend className="visually-hidden">Template</legend>
        {TEMPLATES.map((option) => {
          const unavailable = option.needsData && !sheet;
          const blocks = sheet && option.needsData ? option.blocks(sheet) : [];
          return (
            <label key={option.id} className={`start-template${option.id === template.id ? ' chosen' : ''}${unavailable ? ' unavailable' : ''}`}>
              <input type="radio" name="start-template" value={option.id} checked={option.id === template.id} disabled={unavailable} onChange={() => onTemplate(option.id)} />
              <span className="start-template-name">{option.name}</span>
              <span className="muted">{option.describe(sheet)}</span>
              {blocks.length > 0 && (
                <span className="start-template-blocks">
                  {blocks.map((b, i) => (
                    <span key={i} className="start-badge">
                      {BLOCK_LABELS[b.type] ?? b.type}: {b.title}
                    </span>
                  ))}
                </span>
              )}
            </label>
          );
        })}
      </fieldset>
    </>
  );
}
