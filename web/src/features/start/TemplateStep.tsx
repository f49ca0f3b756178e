import { BLOCK_LABELS, TEMPLATES, type StarterTemplate } from './templates';
import type { TemplatePlans } from './useTemplatePlans';

interface Props {
  plans: TemplatePlans;
  template: StarterTemplate;
  onTemplate: (id: string) => void;
}

function intro(plans: TemplatePlans): string {
  switch (plans.status) {
    case 'no-data':
      return 'Templates build their blocks from your data: connect a spreadsheet to use them, or start with a blank board.';
    case 'reading':
      return `Reading the columns of ${plans.title}...`;
    case 'unavailable':
      return `The columns of ${plans.title} could not be read here, so start with a blank board and add blocks in the editor.`;
    case 'ready':
      return `Each template builds its blocks from the columns of ${plans.title}. You can change, add or remove blocks afterwards.`;
  }
}

/** A starting layout, with the blocks it will add bound to the picked tab's own columns. */
export function TemplateStep({ plans, template, onTemplate }: Props) {
  const planOf = (option: StarterTemplate) => (plans.status === 'ready' ? plans.plans[option.id] : []);
  const chosen = planOf(template);
  return (
    <>
      <p className="muted">{intro(plans)}</p>
      <fieldset className="start-templates">
        <legend className="visually-hidden">Template</legend>
        {TEMPLATES.map((option) => {
          const blocks = planOf(option);
          const unavailable = option.blocks.length > 0 && blocks.length === 0;
          return (
            <label key={option.id} className={`start-template${option.id === template.id ? ' chosen' : ''}${unavailable ? ' unavailable' : ''}`}>
              <input
                type="radio"
                name="start-template"
                value={option.id}
                checked={option.id === template.id}
                disabled={unavailable}
                onChange={() => onTemplate(option.id)}
              />
              <span className="start-template-name">{option.name}</span>
              <span className="muted">{option.summary}</span>
              {blocks.length > 0 && (
                <span className="start-template-blocks">
                  {blocks.map(({ config }, i) => (
                    <span key={i} className="start-badge">
                      {BLOCK_LABELS[config.type] ?? config.type}: {config.title}
                    </span>
                  ))}
                </span>
              )}
            </label>
          );
        })}
      </fieldset>
      {chosen.length > 0 && (
        <div className="start-chosen" role="note" aria-label="What the blocks read">
          {chosen.map(({ config, chosen: sentences }, i) => (
            <p key={i}>
              <strong>{config.title}</strong>: {sentences.join('; ')}
            </p>
          ))}
        </div>
      )}
    </>
  );
}
