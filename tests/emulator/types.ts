/**
 * Domain types of the emulator: what the spec calls spaces, structures, objects, property values and
 * blocks, plus the emulator's own records for tokens and OAuth connections. The stored shapes are
 * the spec profile's (decisions table in README.md) plus the few fields only the published profile
 * shows. Over 300 lines on purpose: the whole stored model is meant to be read in one place.
 */

export type Scope = 'api:read' | 'api:write' | 'offline_access';
export const ALL_SCOPES: readonly Scope[] = ['api:read', 'api:write', 'offline_access'];

// ---------------------------------------------------------------------------------------------
// Text tokens and blocks

export interface TextStyle {
  bold?: boolean;
  italic?: boolean;
  strikethrough?: boolean;
  underline?: boolean;
  code?: boolean;
}

export interface TextToken {
  type: 'TextToken';
  text: string;
  style?: TextStyle;
}
export interface LinkToken {
  type: 'LinkToken';
  text: string;
  url: string;
  style?: TextStyle;
}
/**
 * Links the published reference adds (`LinkToken` with `entityId` or `date` instead of `url`).
 * Only the published profile writes them; the spec profile shows them as plain TextTokens.
 */
export interface EntityLinkToken {
  type: 'EntityLinkToken';
  text: string;
  entityId: string;
  style?: TextStyle;
}
export interface DateLinkToken {
  type: 'DateLinkToken';
  text: string;
  date: string;
  style?: TextStyle;
}
export interface CodeToken {
  type: 'CodeToken';
  text: string;
}
export interface MathToken {
  type: 'MathToken';
  text: string;
}
export type Token = TextToken | LinkToken | EntityLinkToken | DateLinkToken | CodeToken | MathToken;

export interface Hierarchy {
  key: 'base' | 'heading';
  val: number;
}

/**
 * What the published reference's TextBlock carries beyond the spec profile's shape. Only the
 * published profile writes and shows it; Markdown and the spec profile ignore it.
 */
export interface TextPresentation {
  /** Ordered lists other than 1. 2. 3. (the block's `list` is then `numbered`). */
  listType?: 'alphabetical' | 'roman';
  quoteLayout?: 'standout';
  textAlignment?: string;
  colorTheme?: string;
  highlight?: Record<string, unknown>;
}

export interface TextBlock {
  id: string;
  type: 'TextBlock';
  tokens: Token[];
  blocks: Block[];
  hierarchy: Hierarchy;
  list?: 'bullet' | 'numbered';
  todo?: { checked: boolean };
  toggle?: { open: boolean };
  quote?: true;
  presentation?: TextPresentation;
}
export interface GroupBlock {
  id: string;
  type: 'GroupBlock';
  blocks: Block[];
}
export interface GridBlock {
  id: string;
  type: 'GridBlock';
  columns: Block[][];
  /** The published reference's `dividers` and `gridLayout` (one weight per column); published profile only. */
  layout?: { dividers: boolean; gridLayout: number[] };
}
export interface CodeBlock {
  id: string;
  type: 'CodeBlock';
  lang: string;
  text: string;
}
export interface MathBlock {
  id: string;
  type: 'MathBlock';
  text: string;
}
export interface EntityBlock {
  id: string;
  type: 'EntityBlock';
  entityId: string;
}
export interface HorizontalLineBlock {
  id: string;
  type: 'HorizontalLineBlock';
}
/** Markdown the emulator does not model (tables, raw HTML, images…), kept verbatim so it round-trips. */
export interface UnsupportedBlock {
  id: string;
  type: 'unsupported';
  markdown: string;
}
export type Block =
  | TextBlock
  | GroupBlock
  | GridBlock
  | CodeBlock
  | MathBlock
  | EntityBlock
  | HorizontalLineBlock
  | UnsupportedBlock;

// ---------------------------------------------------------------------------------------------
// Structures and property definitions

export type PropertyType =
  | 'title'
  | 'text'
  | 'number'
  | 'boolean'
  | 'url'
  | 'date'
  | 'label'
  | 'entity'
  | 'createdAt'
  | 'lastUpdatedAt'
  | 'richText'
  | 'aliases'
  | 'icon'
  | 'blocks';

export type DateResolution = 'day' | 'time';

export interface LabelOption {
  id: string;
  name: string;
  color?: string;
}

export interface PropertyDefinition {
  id: string;
  name: string;
  type: PropertyType;
  writable: boolean;
  /** For `label` (single or multi select), and on custom `entity` properties (emulator extension, see README). */
  multiple?: boolean;
  /** Only for `label`. */
  labelSet?: LabelOption[];
  /** Only for `entity` (emulator extension, see README). */
  allowedStructureIds?: string[];
  /** Only for `date`: the resolution used when a write omits `dateResolution`. */
  dateResolution?: DateResolution;
}

export interface StructureRecord {
  id: string;
  title: string;
  pluralName: string;
  labelColor: string;
  propertyDefinitions: PropertyDefinition[];
  /** Internal: the main content (blocks) property, the default of `propertyId` on block appends. */
  contentPropertyId: string | null;
  /** Internal: POST /object may create objects of this structure. */
  creatable: boolean;
  /** Internal: objects of this structure may belong to collections. */
  supportsCollections: boolean;
}

// ---------------------------------------------------------------------------------------------
// Property values (API shape, also the stored shape)

export type PropertyValue =
  | { type: 'title'; title: { value: string } }
  | { type: 'text'; text: { value: string | null } }
  | { type: 'number'; number: { value: number | null } }
  | { type: 'boolean'; boolean: { value: boolean | null } }
  | { type: 'url'; url: { value: string | null } }
  | { type: 'date'; date: { dateResolution: DateResolution; start: string | null; end: string | null } }
  | { type: 'label'; label: { id: string; name?: string; color?: string }[] }
  | { type: 'entity'; entity: { id: string }[] }
  | { type: 'createdAt'; createdAt: { value: string } }
  | { type: 'lastUpdatedAt'; lastUpdatedAt: { value: string } }
  | { type: 'richText'; richText: { tokens: Token[] } }
  | { type: 'aliases'; aliases: { value: string[] } }
  | { type: 'icon'; icon: { value: IconValue | null } };

/** An icon as the published reference shows it (spaces and the `icon` property type). */
export interface IconValue {
  type: 'emoji' | 'iconify';
  val: string;
}

// ---------------------------------------------------------------------------------------------
// Stored records

export interface UserRecord {
  id: string;
  name: string;
  email: string;
}

export interface SpaceRecord {
  id: string;
  title: string;
  /** Only the published profile shows it (its `GET /space` has an optional icon). */
  icon?: IconValue;
  ownerId: string;
  structures: StructureRecord[];
}

export interface MediaFile {
  name: string;
  mimeType: string;
  size: number;
}

/** Media analysis of images: `mediaContent` is only exposed when `state` is `full`. */
export interface MediaInfo {
  state: 'full' | 'processing' | 'failed';
  ocrText: string;
  colors: { name: string; hex: string }[];
}

export interface ObjectRecord {
  id: string;
  spaceId: string;
  structureId: string;
  properties: Record<string, PropertyValue>;
  blocks: Record<string, Block[]>;
  collections: string[];
  /** Epoch ms. */
  createdAt: number;
  updatedAt: number;
  trashedAt: number | null;
  /** Only for RootDatabase objects: the structure whose objects the collection holds. */
  collectionOf?: string;
  files?: MediaFile[];
  media?: MediaInfo;
}

export interface PersonalTokenRecord {
  token: string;
  spaceId: string;
  userId: string;
  scopes: Scope[];
  createdAt: number;
  /** Epoch ms, or null for tokens that never expire (the app's tokens do not). */
  expiresAt: number | null;
  revoked: boolean;
}

export interface ConnectionRecord {
  id: string;
  clientId: string;
  userId: string;
  spaceId: string;
  scopes: Scope[];
  createdAt: number;
  removed: boolean;
}

export interface RefreshTokenRecord {
  token: string;
  connectionId: string;
  issuedAt: number;
  state: 'current' | 'rotated';
}

/** Everything that survives a restart with `--data`. */
export interface EmulatorData {
  formatVersion: 1;
  jwtSecret: string;
  users: UserRecord[];
  spaces: SpaceRecord[];
  objects: ObjectRecord[];
  personalTokens: PersonalTokenRecord[];
  connections: ConnectionRecord[];
  refreshTokens: RefreshTokenRecord[];
}
