import { AccountFormPage } from './AccountForm';
import { AccountList } from './AccountList';
import { AccountViewPage } from './AccountView';

/**
 * The routed pages of 工商联账号管理 (child/userAccountManagement: list, view, addAcount, updateAcount)
 * and 商会账号管理 (child/COCAccountManagement: list, view, add, update), specification §2.
 */
export const AocAccountsPage = () => <AccountList tag="aoc" />;
export const AocAccountViewPage = () => <AccountViewPage tag="aoc" />;
export const AocAccountAddPage = () => <AccountFormPage tag="aoc" mode="add" />;
export const AocAccountUpdatePage = () => <AccountFormPage tag="aoc" mode="update" />;
export const CocAccountsPage = () => <AccountList tag="coc" />;
export const CocAccountViewPage = () => <AccountViewPage tag="coc" />;
export const CocAccountAddPage = () => <AccountFormPage tag="coc" mode="add" />;
export const CocAccountUpdatePage = () => <AccountFormPage tag="coc" mode="update" />;
