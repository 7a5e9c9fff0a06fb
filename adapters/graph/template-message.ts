/** A mobile_msg template message: its approved name, language code and the values of its variables. */
export interface TemplateMessage {
  name: string;
  language: string;
  /**
   * The body's variables: an object gives named parameters (`{{name}}`), other values positional
   * ones (`{{1}}`, `{{2}}`…), each as text.
   */
  params: readonly unknown[];
}

/** The provider's request body for a template message (`type: template`, parameters in a body component). */
export function templateBody(to: string, template: TemplateMessage): Record<string, unknown> {
  const parameters = template.params.flatMap((value) => (isPlainObject(value)
    ? Object.entries(value).map(([name, v]) => ({ type: 'text', parameter_name: name, text: textOf(v) }))
    : [{ type: 'text', text: textOf(value) }]));
  return {
    messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'template',
    template: {
      name: template.name, language: { code: template.language },
      ...(parameters.length ? { components: [{ type: 'body', parameters }] } : {}),
    },
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}
