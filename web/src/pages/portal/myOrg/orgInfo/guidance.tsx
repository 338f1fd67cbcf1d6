import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Progress, Result, Skeleton, Space, Steps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { MyOrgCardView } from '@gsl/contract';
import { myOrgKeys, useMyOrgCard } from '../../../../api/myorg/org';
import { useOrgProfile, type OrgProfile } from '../../../../api/profile';
import { useCan } from '../../../../components/Access';
import { LoadError } from '../../../../components/LoadError';
import { OrgForm } from '../../database/orgprofile/OrgForm';
import { MyOrgScreen } from '../home/MyOrgScreen';
import { addressBookOf, guideProgress, guideSteps, missingLabels, resumeAt } from './guidanceLogic';
import '../../database/profileKit/profile.css';
import './orgInfo.css';

/** The guidance once the card and the profile are read. */
function Guide({ card, profile }: { card: MyOrgCardView; profile: OrgProfile }) {
  const can = useCan();
  const navigate = useNavigate();
  const client = useQueryClient();
  const steps = guideSteps(profile, card);
  const [current, setCurrent] = useState(() => resumeAt(steps));
  const step = steps[current];
  const last = steps.length - 1;
  const back =
    current > 0 ? (
      <Button onClick={() => setCurrent(current - 1)} data-testid="guidance-prev">
        上一步
      </Button>
    ) : null;
  const book = addressBookOf(card.deptCategory);
  const missing = missingLabels(profile);

  let content;
  if (step.fields.length) {
    content = (
      <OrgForm
        key={step.key}
        profile={profile}
        names={[...step.fields]}
        testId={`guidance-form-${step.key}`}
        saveLabel="保存并继续"
        actions={back}
        onSaved={() => {
          void client.invalidateQueries({ queryKey: myOrgKeys.card });
          setCurrent(Math.min(current + 1, last));
        }}
      />
    );
  } else if (step.key === 'addressBook') {
    content = (
      <div className="guidance-book" data-testid="guidance-book">
        <p>
          本组织共有工作人员 <strong>{card.staffCount}</strong> 人,已加入通讯录 <strong data-testid="guidance-book-count">{card.addressBookCount}</strong> 人。
          {card.addressBookCount === 0 && '请至少将一位工作人员加入通讯录,方便其他组织联系本组织。'}
        </p>
        <Space>
          {back}
          {book && can(book.code) && (
            <Button onClick={() => navigate(book.path)} data-testid="guidance-open-book">
              打开{book.name}
            </Button>
          )}
          <Button type="primary" onClick={() => setCurrent(last)} data-testid="guidance-next">
            下一步
          </Button>
        </Space>
      </div>
    );
  } else {
    content = (
      <Result
        status={step.done ? 'success' : 'info'}
        title={missing.length ? `还有 ${missing.length} 项组织信息未填写` : '组织信息已填写完整'}
        subTitle={missing.length ? `未填写:${missing.join('、')}` : card.addressBookCount ? undefined : '通讯录中还没有工作人员,请至少加入一位'}
        extra={[
          <Button key="back" onClick={() => setCurrent(resumeAt(steps) === last ? 0 : resumeAt(steps))} disabled={step.done}>
            继续填写
          </Button>,
          <Button key="detail" type="primary" onClick={() => navigate('/portal/myOrg/detail')} data-testid="guidance-detail">
            查看组织信息
          </Button>,
        ]}
        data-testid="guidance-finish"
      />
    );
  }

  return (
    <div className="guidance" data-testid="guidance">
      <div className="guidance__progress">
        <span id="guidance-progress-label">填写进度</span>
        <Progress percent={guideProgress(steps)} size="small" aria-labelledby="guidance-progress-label" className="guidance__bar" />
      </div>
      <Steps
        current={current}
        onChange={setCurrent}
        className="guidance__steps"
        data-testid="guidance-steps"
        items={steps.map((s, i) => ({
          title: s.title,
          status: i === current ? 'process' : s.done ? 'finish' : 'wait',
          content: s.fields.length ? `${s.filled}/${s.fields.length}` : undefined,
        }))}
      />
      <section className="guidance__step" aria-labelledby="guidance-step-title">
        <h3 id="guidance-step-title" className="guidance__title" data-testid="guidance-step-title">
          第 {current + 1} 步:{step.title}
        </h3>
        {content}
      </section>
    </div>
  );
}

/**
 * 填报指引 (specification §2 myOrg/guidance): the guided first completion of the own org's information — the
 * org profile's key fields step by step (基本信息, 组织简介, 联系方式; each step saved on the org profile's own
 * call), then the address book, with the progress; it reopens at the first step still missing something.
 */
export default function GuidancePage() {
  const can = useCan();
  const card = useMyOrgCard();
  const profile = useOrgProfile(card.data?.deptId);
  const navigate = useNavigate();
  let body;
  if (card.isError || profile.isError)
    body = <LoadError message="组织信息加载失败" onRetry={() => (card.isError ? card.refetch() : profile.refetch())} testId="guidance-error" />;
  else if (!card.data || !profile.data) body = <Skeleton active paragraph={{ rows: 6 }} data-testid="guidance-loading" />;
  else if (!can('profile_org_edit'))
    body = (
      <Alert
        type="warning"
        showIcon
        title="您没有编辑组织信息的权限"
        action={
          <Button size="small" onClick={() => navigate('/portal/myOrg/detail')}>
            查看组织信息
          </Button>
        }
        data-testid="guidance-readonly"
      />
    );
  else body = <Guide card={card.data} profile={profile.data} />;
  return (
    <MyOrgScreen title="填报指引" testId="myorg-guidance">
      {body}
    </MyOrgScreen>
  );
}
