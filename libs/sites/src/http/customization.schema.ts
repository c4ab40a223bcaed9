/**
 * The reference SiteCustomizationSettings (and the shapes it uses) as JSON Schema, for ajv:
 * PUT bodies are checked against it, field by field, with every field optional (a field left
 * out keeps its default); the PATCH of a site space's overrides takes the same fields, each of
 * which may be null (stop overriding it).
 */
type Schema = Record<string, unknown>;

const str = (maxLength?: number, minLength?: number): Schema => ({ type: 'string', ...(maxLength ? { maxLength } : {}), ...(minLength ? { minLength } : {}) });
const oneOfValues = (...values: string[]): Schema => ({ type: 'string', enum: values });
const bool: Schema = { type: 'boolean' };
const url: Schema = { type: 'string', maxLength: 2048, format: 'uri' };
const obj = (properties: Record<string, Schema>, required: string[] = []): Schema => ({ type: 'object', properties, required, additionalProperties: false });

const color: Schema = { type: 'string', pattern: '^#(?:[0-9a-fA-F]{3}){1,2}$' };
const themedColor = obj({ light: color, dark: color }, ['light', 'dark']);
const themedUrl = obj({ light: url, dark: url }, ['light', 'dark']);
const fontDefinition = obj(
  {
    id: str(),
    custom: bool,
    fontFamily: str(50, 1),
    fontFaces: {
      type: 'array',
      items: obj(
        {
          weight: { type: 'integer', minimum: 1, maximum: 1000 },
          sources: { type: 'array', items: obj({ url, format: oneOfValues('woff2', 'woff') }, ['url']) },
        },
        ['weight', 'sources'],
      ),
    },
  },
  ['id', 'custom', 'fontFamily', 'fontFaces'],
);
const fonts = [
  ...['ABCFavorit', 'Inter', 'Roboto', 'RobotoSlab', 'OpenSans', 'SourceSansPro', 'Lato', 'Ubuntu', 'Raleway', 'Merriweather', 'Overpass', 'NotoSans'],
  ...['IBMPlexSerif', 'Poppins', 'FiraSans'],
];
const monoFonts = ['FiraCode', 'IBMPlexMono', 'JetBrainsMono', 'SourceCodePro', 'RobotoMono', 'SpaceMono', 'DMMono', 'Inconsolata'];

const optionalSpace = { space: str() };
const contentRef: Schema = {
  description: 'must be a content reference: {kind: file|url|page|anchor|user|collection|space|reusable-content|openapi, and its id}',
  oneOf: [
    obj({ kind: { const: 'file' }, file: str() }, ['kind', 'file']),
    obj({ kind: { const: 'url' }, url: str(2048) }, ['kind', 'url']),
    obj({ kind: { const: 'page' }, page: str(), ...optionalSpace }, ['kind', 'page']),
    obj({ kind: { const: 'anchor' }, anchor: str(), ...optionalSpace, page: str() }, ['kind', 'anchor']),
    obj({ kind: { const: 'user' }, user: str() }, ['kind', 'user']),
    obj({ kind: { const: 'collection' }, collection: str() }, ['kind', 'collection']),
    obj({ kind: { const: 'space' }, space: str() }, ['kind', 'space']),
    obj({ kind: { const: 'reusable-content' }, reusableContent: str(), ...optionalSpace }, ['kind', 'reusableContent']),
    obj({ kind: { const: 'openapi' }, spec: str() }, ['kind', 'spec']),
  ],
};
const contentLink = obj({ title: str(64), to: contentRef }, ['title', 'to']);
const links = { type: 'array', items: contentLink };

/** The settings' groups, each a closed object of optional fields. */
export const CUSTOMIZATION_FIELDS: Record<string, Schema> = {
  title: str(128, 2),
  styling: obj({
    theme: oneOfValues('clean', 'muted', 'bold', 'gradient'),
    primaryColor: themedColor,
    tint: obj({ color: themedColor }, ['color']),
    infoColor: themedColor,
    successColor: themedColor,
    warningColor: themedColor,
    dangerColor: themedColor,
    corners: oneOfValues('straight', 'rounded', 'circular'),
    depth: oneOfValues('subtle', 'flat'),
    links: oneOfValues('default', 'accent'),
    font: {
      description: `must be one of ${fonts.join(', ')} or a font definition {id, custom, fontFamily, fontFaces}`,
      oneOf: [oneOfValues(...fonts), fontDefinition],
    },
    monospaceFont: {
      description: `must be one of ${monoFonts.join(', ')} or a font definition {id, custom, fontFamily, fontFaces}`,
      oneOf: [oneOfValues(...monoFonts), fontDefinition],
    },
    background: oneOfValues('plain', 'match'),
    icons: oneOfValues('regular', 'solid', 'duotone', 'light', 'thin'),
    sidebar: obj({ background: oneOfValues('default', 'filled'), list: oneOfValues('default', 'pill', 'line') }),
    search: oneOfValues('prominent', 'subtle'),
  }),
  internationalization: obj({ locale: oneOfValues('en', 'fr', 'es', 'zh', 'ja', 'de', 'nl', 'no', 'pt-br', 'ru') }),
  favicon: {
    description: 'must be {icon: {light, dark}} (URLs), {emoji} or {}',
    oneOf: [obj({ icon: themedUrl }, ['icon']), obj({ emoji: str(50) }, ['emoji']), obj({})],
  },
  header: obj({
    preset: oneOfValues('default', 'bold', 'contrast', 'custom', 'none'),
    logo: themedUrl,
    backgroundColor: themedColor,
    linkColor: themedColor,
    links: {
      type: 'array',
      items: obj(
        {
          title: str(),
          style: oneOfValues('link', 'button-primary', 'button-secondary'),
          to: { description: `${contentRef.description as string}, or null`, oneOf: [contentRef, { type: 'null' }] },
          links,
          condition: str(1024),
        },
        ['title', 'to', 'links'],
      ),
    },
  }),
  footer: obj({ logo: themedUrl, groups: { type: 'array', items: obj({ title: str(), links }, ['title', 'links']) }, copyright: str(300) }),
  announcement: obj({ enabled: bool, message: str(128, 2), link: contentLink, style: oneOfValues('info', 'warning', 'danger', 'success') }, [
    'enabled',
    'message',
    'style',
  ]),
  themes: obj({ default: oneOfValues('light', 'dark'), toggeable: bool }),
  pdf: obj({ enabled: bool }),
  feedback: obj({ enabled: bool }),
  ai: obj({ mode: oneOfValues('none', 'search', 'assistant') }),
  advancedCustomization: obj({ enabled: bool }),
  git: obj({ showEditLink: bool }),
  pageActions: obj({ externalAI: bool, markdown: bool, mcp: bool }),
  externalLinks: obj({ target: oneOfValues('self', 'blank') }),
  pagination: obj({ enabled: bool }),
  trademark: obj({ enabled: bool }),
  privacyPolicy: obj({ url }),
  socialPreview: obj({ url }),
  insights: obj({ trackingCookie: bool }),
};

/** The fields a site space may override (the reference's override body: no fonts, AI, page actions or insights). */
export const OVERRIDABLE = ['title', 'styling', 'internationalization', 'favicon', 'announcement', 'header', 'footer', 'themes', 'pdf', 'feedback', 'git'];
export const OVERRIDABLE_MORE = ['externalLinks', 'pagination', 'trademark', 'privacyPolicy', 'socialPreview'];
export const NOT_OVERRIDABLE_STYLING = ['font', 'monospaceFont'];

/** Marks the "value or null" wrapper of an override field. */
export const NULLABLE = 'nullable override';

/**
 * The override form of a field's schema: null everywhere (stop overriding), and in groups each
 * field optional and nullable too; settings that are replaced whole (a color, a favicon) keep
 * their shape.
 */
export function overridable(schema: Schema, groupLevel = true): Schema {
  const props = schema.properties as Record<string, Schema> | undefined;
  const isGroup = groupLevel && props && schema.additionalProperties === false && (schema.required as string[]).length === 0;
  const inner: Schema = isGroup
    ? { ...schema, properties: Object.fromEntries(Object.entries(props ?? {}).map(([k, v]) => [k, overridable(v, k === 'sidebar')])) }
    : schema;
  return { $comment: NULLABLE, anyOf: [inner, { type: 'null' }] };
}
