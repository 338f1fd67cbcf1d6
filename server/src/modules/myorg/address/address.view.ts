import { maskPhone, type AddressEntryView } from '@gsl/contract';
import type { AddressRow } from './address.repo.js';

/** A book entry (an account or a contact) as the API shows it: ids as strings, the phone masked unless `unmasked`; never a hash. */
export function addressView(row: AddressRow, unmasked: boolean): AddressEntryView {
  return {
    id: String(row.id),
    entryType: row.entryType,
    account: row.account,
    realName: row.realName,
    sex: row.sex,
    deptId: String(row.deptId),
    deptName: row.deptName,
    postId: row.postId === null ? null : String(row.postId),
    postName: row.postName,
    phone: unmasked ? row.phone : maskPhone(row.phone),
    email: row.email,
    profileTag: row.profileTag,
    seq: row.seq,
    isAddressBook: row.isAddressBook,
    status: row.status,
  };
}
