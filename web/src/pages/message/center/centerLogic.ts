import { CHANNEL_NAMES, SEND_TAGS, smsLength, TAG_TYPES, type Channel, type SendRange, type SendView, type TagType } from '@gsl/contract';
import type { Dayjs } from 'dayjs';
import type { SendBody } from '../../../api/message/message';

/**
 * The message centre's rules beyond configuration (specification §7 "Message centre"): which tags a
 * channel reaches, the range picked → the request's range, the SMS length shown while typing, the
 * compose form → the send body, the sent list's filters → its query, and which follow-ups a send allows.
 */

/** The range tree's two branches: accounts of federations and chambers, and members (SMS only). */
export const TAG_GROUPS: ReadonlyArray<{ key: string; name: string; tags: readonly TagType[] }> = [
  { key: 'staff', name: '工作人员', tags: ['aoc', 'coc', 'cocJa', 'cocAj', 'abroad'] },
  { key: 'member', name: '会员', tags: ['ec', 'congress', 'memG', 'memE', 'memP'] },
];

/**
 * Tags whose people may be narrowed to one chamber (send-range/coc/list), and the chamber type the
 * chamber must have (contract CHAMBER_TYPES: 3 外省在苏, 4 江苏在外地, 5 境外); `null`: any chamber.
 */
export const CHAMBER_TAGS: Partial<Record<TagType, number | null>> = { coc: null, cocAj: 3, cocJa: 4, abroad: 5 };

/** The tags that reach people on a channel (SEND_TAGS[tag].channels). */
export const tagsFor = (channel: Channel): TagType[] => TAG_TYPES.filter((t) => SEND_TAGS[t].channels.includes(channel));

/** One ticked tag, optionally narrowed to one chamber's people. */
export interface TagPick {
  cocUnionId?: string;
}

/** The range as picked: the org below which to look (none = the sender's own) and the ticked tags. */
export interface RangeSelection {
  deptId?: string;
  tags: Partial<Record<TagType, TagPick>>;
}

export const EMPTY_SELECTION: RangeSelection = { tags: {} };

/** The ticked tags that reach people on the channel, in the registry's order. */
export const pickedTags = (selection: RangeSelection, channel: Channel): TagType[] => tagsFor(channel).filter((t) => selection.tags[t]);

/**
 * The request's range (contract sendRange) for the channel: one item per ticked tag that reaches people
 * on it, with the org and the chamber only when picked (absent = the sender's org, every chamber).
 */
export function rangeBody(selection: RangeSelection, channel: Channel): SendRange {
  return {
    items: pickedTags(selection, channel).map((tagType) => {
      const cocUnionId = CHAMBER_TAGS[tagType] !== undefined ? selection.tags[tagType]?.cocUnionId : undefined;
      return { tagType, ...(selection.deptId ? { deptId: selection.deptId } : {}), ...(cocUnionId ? { cocUnionId } : {}) };
    }),
    userIds: [],
  };
}

/** Ticks or unticks a tag (unticking forgets its chamber). */
export function toggleTag(selection: RangeSelection, tag: TagType, on: boolean): RangeSelection {
  const tags = { ...selection.tags };
  if (on) tags[tag] = tags[tag] ?? {};
  else delete tags[tag];
  return { ...selection, tags };
}

/** Ticks or unticks every tag of a group that reaches people on the channel. */
export function toggleGroup(selection: RangeSelection, tags: readonly TagType[], channel: Channel, on: boolean): RangeSelection {
  return tags.filter((t) => SEND_TAGS[t].channels.includes(channel)).reduce((s, t) => toggleTag(s, t, on), selection);
}

/** A group's check box: all, some or none of its usable tags ticked. */
export function groupState(
  selection: RangeSelection,
  tags: readonly TagType[],
  channel: Channel,
): { checked: boolean; indeterminate: boolean; usable: number } {
  const usable = tags.filter((t) => SEND_TAGS[t].channels.includes(channel));
  const ticked = usable.filter((t) => selection.tags[t]).length;
  return { checked: usable.length > 0 && ticked === usable.length, indeterminate: ticked > 0 && ticked < usable.length, usable: usable.length };
}

/** Narrows a chamber tag to one chamber, or (undefined) back to every chamber. */
export function pickChamber(selection: RangeSelection, tag: TagType, cocUnionId: string | undefined): RangeSelection {
  return { ...selection, tags: { ...selection.tags, [tag]: cocUnionId ? { cocUnionId } : {} } };
}

/** What the SMS counter under the content says: characters (the signature 【…】 included) and billed messages. */
export function smsCounter(content: string, signName?: string | null): { length: number; segments: number; text: string } {
  const { length, segments } = smsLength(content ?? '', signName);
  const sign = signName ? `(含签名【${signName}】)` : '';
  return { length, segments, text: `字数 ${length}${sign},计费 ${segments} 条` };
}

/** The text as the recipient's phone shows it: the signature first. */
export const smsPreview = (content: string, signName?: string | null) => `${signName ? `【${signName}】` : ''}${content.trim()}`;

/** The compose form's values. */
export interface ComposeValues {
  channel: Channel;
  title?: string;
  content?: string;
  urgent?: boolean;
  attachments?: Array<{ publicId: string; name: string }>;
}

/**
 * The send body of the channel: an SMS has no title and no attachments, and only an SMS is sent urgently
 * (quiet hours hold SMS only); notices and e-mail carry their attachments' public ids.
 */
export function sendBody(values: ComposeValues, range: SendRange): SendBody {
  const content = (values.content ?? '').trim();
  if (values.channel === 'sms') return { content, range, ...(values.urgent ? { urgent: true } : {}) };
  return { title: (values.title ?? '').trim(), content, range, attachIds: (values.attachments ?? []).map((a) => a.publicId) };
}

/** The public id of an uploaded file from its link (`/api/blade-resource/attach/download?id=<public id>`). */
export function publicIdOf(link: string): string | undefined {
  const id = /[?&]id=([0-9a-f]{32})(?:&|$)/.exec(link)?.[1];
  return id;
}

/** The sent list's filters as the form holds them. */
export interface SentFilters {
  channel?: Channel | '';
  status?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
  title?: string;
}

/** Filters → publish/range/list query: empty ones dropped, the dates as startDate / endDate (yyyy-MM-dd). */
export function sentQuery(filters: SentFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (filters.channel) out.channel = filters.channel;
  if (filters.status) out.status = filters.status;
  const title = filters.title?.trim();
  if (title) out.title = title;
  const [from, to] = filters.dates ?? [];
  if (from) out.startDate = from.format('YYYY-MM-DD');
  if (to) out.endDate = to.format('YYYY-MM-DD');
  return out;
}

/** A send's status as a coloured tag with its name (the name says it; the colour only repeats it). */
export const SEND_STATUS_COLORS: Record<string, string> = { queued: 'default', sending: 'processing', done: 'success', partial: 'warning', failed: 'error' };
export const DELIVERY_STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'success', 2: 'error' };

/** The channel buttons of a send's follow-up a user sees, given their button codes. */
export interface FollowUps {
  /** 提醒未读: a notice with unread recipients; the channels the user may remind by. */
  remind: Array<'sys' | 'sms'>;
  unread: number;
  /** 失败重发: an SMS or e-mail with failed recipients the user may send again. */
  resend: boolean;
}

const SEND_PERMISSION: Record<Channel, string> = { sys: 'message_notice', sms: 'message_sms', email: 'message_email' };

export function followUps(send: Pick<SendView, 'channel' | 'total' | 'read' | 'failed'>, can: (code: string) => boolean): FollowUps {
  const channel = send.channel as Channel;
  const unread = channel === 'sys' ? Math.max(0, send.total - send.read) : 0;
  const remind = unread > 0 ? (['sys', 'sms'] as const).filter((c) => can(SEND_PERMISSION[c])) : [];
  const resend = channel !== 'sys' && send.failed > 0 && can(SEND_PERMISSION[channel]);
  return { remind, unread, resend };
}

/** The channels the user may compose on, as the sender answer lists them, with their names. */
export const channelOptions = (channels: readonly string[]) =>
  (['sys', 'sms', 'email'] as const).filter((c) => channels.includes(c)).map((c) => ({ value: c, label: CHANNEL_NAMES[c] }));
