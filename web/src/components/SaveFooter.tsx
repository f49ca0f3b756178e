/**
 * The Cancel and Save buttons of a settings popup's footer. Save submits the form by id (the
 * footer sits outside it); while saving both are disabled and Save says so.
 */
export function SaveFooter({ formId, saving, onCancel }: { formId: string; saving: boolean; onCancel: () => void }) {
  return (
    <>
      <button type="button" className="button" onClick={onCancel} disabled={saving}>
        Cancel
      </button>
      <button type="submit" form={formId} className="button primary" disabled={saving}>
        {saving ? 'Saving...' : 'Save'}
      </button>
    </>
  );
}
