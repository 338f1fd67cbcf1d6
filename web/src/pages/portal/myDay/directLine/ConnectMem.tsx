import { DirectLine } from './DirectLine';

/** 企业直通车 at /portal/myDay/connectMem (specification §2). */
export default function ConnectMem() {
  return <DirectLine line="mem" />;
}
