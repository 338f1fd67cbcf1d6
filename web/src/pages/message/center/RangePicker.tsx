import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Drawer, Input, Select, Spin, Table, Tag, TreeSelect } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { CHANNEL_NAMES, SEND_TAGS, type Channel, type RangePerson, type TagType } from '@gsl/contract';
import { chamberList, messageKeys, tagList, useTagCount, type RangeWhere } from '../../../api/message/message';
import { useDeptTree } from '../../../api/system/dept';
import { LoadError } from '../../../components/LoadError';
import { usePagination } from '../../../components/pagination';
import { CHAMBER_TAGS, groupState, pickChamber, TAG_GROUPS, toggleGroup, toggleTag, type RangeSelection } from './centerLogic';

/** The chambers below the org, for narrowing a chamber tag to one of them (send-range/coc/list). */
function ChamberSelect({ tag, deptId, value, onChange }: { tag: TagType; deptId?: string; value?: string; onChange: (id: string | undefined) => void }) {
  const query = { deptId: deptId ?? '', current: 1, size: 500 };
  const chambers = useQuery({ queryKey: messageKeys.chambers(query), queryFn: ({ signal }) => chamberList(query, signal) });
  const type = CHAMBER_TAGS[tag];
  const options = (chambers.data?.records ?? [])
    .filter((c) => type == null || c.chamberType === type)
    .map((c) => ({ value: c.id, label: `${c.deptName}(${c.staffCount}人)` }));
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      size="small"
      className="msg-range__chamber"
      placeholder="全部商会"
      aria-label={`${SEND_TAGS[tag].name}:指定商会`}
      loading={chambers.isFetching}
      options={options}
      value={value}
      onChange={(v?: string) => onChange(v || undefined)}
      notFoundContent={chambers.isError ? '商会列表加载失败' : '暂无商会'}
      data-testid={`msg-range-chamber-${tag}`}
    />
  );
}

/** A tag's people in the chosen org (and chamber), to check who is inside before sending. */
function TagPeopleDrawer({ tag, where, onClose }: { tag: TagType | null; where: RangeWhere; onClose: () => void }) {
  const [name, setName] = useState('');
  const { query: page, pagination, reset } = usePagination();
  const query = { ...where, name, ...page };
  const people = useQuery({
    queryKey: messageKeys.tagList(tag ?? 'aoc', query),
    queryFn: ({ signal }) => tagList(tag as TagType, query, signal),
    enabled: Boolean(tag),
  });
  return (
    <Drawer open={Boolean(tag)} onClose={onClose} size={640} title={tag ? `${SEND_TAGS[tag].name}:人员名单` : ''} destroyOnHidden>
      {tag && (
        <div data-testid="msg-range-people">
          <Input.Search
            allowClear
            placeholder="请输入姓名"
            aria-label="按姓名查找"
            onSearch={(v) => {
              setName(v.trim());
              reset();
            }}
            style={{ marginBottom: 12, maxWidth: 280 }}
          />
          {people.isError ? (
            <LoadError onRetry={people.refetch} />
          ) : (
            <Table<RangePerson>
              size="small"
              rowKey="key"
              loading={people.isFetching}
              dataSource={people.data?.records ?? []}
              pagination={pagination(people.data?.total)}
              columns={[
                { key: 'name', dataIndex: 'name', title: '姓名', width: 160 },
                { key: 'deptName', dataIndex: 'deptName', title: '机构', width: 200, render: (v: string | null) => v ?? '-' },
                { key: 'mobile', dataIndex: 'mobile', title: '手机', width: 130, render: (v: string | null) => v ?? '无' },
                { key: 'email', dataIndex: 'email', title: '邮箱', width: 180, render: (v: string | null) => v ?? '无' },
              ]}
            />
          )}
        </div>
      )}
    </Drawer>
  );
}

/** One tag of the range: its box, name, note, live count on the channel, chamber choice and people. */
function TagRow({
  tag,
  channel,
  selection,
  onChange,
  onPeople,
}: {
  tag: TagType;
  channel: Channel;
  selection: RangeSelection;
  onChange: (next: RangeSelection) => void;
  onPeople: (tag: TagType) => void;
}) {
  const def = SEND_TAGS[tag];
  const usable = def.channels.includes(channel);
  const picked = selection.tags[tag];
  const where: RangeWhere = { deptId: selection.deptId, cocUnionId: picked?.cocUnionId };
  const count = useTagCount(tag, where);
  const reach = count.data ? count.data[channel] : undefined;
  const noteId = `msg-range-note-${tag}`;
  return (
    <li className={`msg-range__tag${usable ? '' : ' msg-range__tag--off'}`} data-testid={`msg-range-tag-${tag}`}>
      <Checkbox
        checked={usable && Boolean(picked)}
        disabled={!usable}
        onChange={(e) => onChange(toggleTag(selection, tag, e.target.checked))}
        aria-describedby={noteId}
      >
        {def.name}
      </Checkbox>
      <span className="msg-range__count" aria-live="polite" data-testid={`msg-range-count-${tag}`}>
        {count.isPending ? <Spin size="small" /> : count.isError ? '人数未知' : usable ? `${reach ?? 0}人` : `${count.data.total}人`}
      </span>
      <span id={noteId} className="msg-range__note">
        {usable ? def.note : `${def.note}(仅支持${def.channels.map((c) => CHANNEL_NAMES[c]).join('、')})`}
        {usable && count.data && reach !== count.data.total ? `;共${count.data.total}人,其中${reach}人可接收${CHANNEL_NAMES[channel]}` : ''}
      </span>
      <span className="msg-range__actions">
        {usable && picked && CHAMBER_TAGS[tag] !== undefined && (
          <ChamberSelect tag={tag} deptId={selection.deptId} value={picked.cocUnionId} onChange={(id) => onChange(pickChamber(selection, tag, id))} />
        )}
        <Button type="link" size="small" icon={<TeamOutlined />} onClick={() => onPeople(tag)} aria-label={`查看${def.name}名单`}>
          名单
        </Button>
      </span>
    </li>
  );
}

/**
 * The send range (specification §7 "Message centre", send-range calls): the org below which to look
 * (default the sender's own), and the tags as a two-level list of check boxes — 工作人员 and 会员 —
 * each with its note and its live count on the chosen channel; tags that cannot reach people on the
 * channel stay visible but cannot be ticked. Check boxes are plain form controls: Tab and Space work.
 */
export function RangePicker({
  channel,
  value,
  onChange,
  senderDeptName,
}: {
  channel: Channel;
  value?: RangeSelection;
  onChange?: (next: RangeSelection) => void;
  senderDeptName?: string | null;
}) {
  const selection = value ?? { tags: {} };
  const change = (next: RangeSelection) => onChange?.(next);
  const depts = useDeptTree();
  const [people, setPeople] = useState<TagType | null>(null);
  return (
    <div className="msg-range" data-testid="msg-range">
      <div className="msg-range__org">
        <label htmlFor="msg-range-dept">机构范围</label>
        <TreeSelect
          id="msg-range-dept"
          allowClear
          showSearch={{ treeNodeFilterProp: 'title' }}
          treeData={depts.data ?? []}
          loading={depts.isFetching}
          value={selection.deptId}
          onChange={(v?: string) => change({ ...selection, deptId: v || undefined })}
          placeholder={`本机构${senderDeptName ? `(${senderDeptName})` : ''}及下级`}
          aria-label="机构范围"
          style={{ width: 320 }}
          data-testid="msg-range-dept"
        />
      </div>
      {TAG_GROUPS.map((group) => {
        const state = groupState(selection, group.tags, channel);
        return (
          <fieldset key={group.key} className="msg-range__group" data-testid={`msg-range-group-${group.key}`}>
            <legend>
              <Checkbox
                checked={state.checked}
                indeterminate={state.indeterminate}
                disabled={!state.usable}
                onChange={(e) => change(toggleGroup(selection, group.tags, channel, e.target.checked))}
              >
                {group.name}
              </Checkbox>
              {!state.usable && <Tag className="msg-range__hint">{CHANNEL_NAMES[channel]}不可用</Tag>}
            </legend>
            <ul>
              {group.tags.map((tag) => (
                <TagRow key={tag} tag={tag} channel={channel} selection={selection} onChange={change} onPeople={setPeople} />
              ))}
            </ul>
          </fieldset>
        );
      })}
      <TagPeopleDrawer
        tag={people}
        where={{ deptId: selection.deptId, cocUnionId: people ? selection.tags[people]?.cocUnionId : undefined }}
        onClose={() => setPeople(null)}
      />
    </div>
  );
}
