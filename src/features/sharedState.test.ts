// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Each test loads the stores afresh, as a new page load would, after arranging storage. */
async function load() {
  vi.resetModules();
  return {
    ui: await import('~/platform/client/ui.store'),
    plan: await import('~/features/plans/plan.store'),
    session: await import('~/platform/identity/session.store'),
    notifications: await import('~/features/notifications/counts.store'),
    inquiry: await import('~/features/inquiries/inquiry.store'),
  };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('loading flag', () => {
  it('is off by default and stays on until every piece of work has ended', async () => {
    const { ui } = await load();
    expect(ui.$loading.get()).toBe(false);
    ui.startLoading();
    ui.startLoading();
    ui.stopLoading();
    expect(ui.$loading.get()).toBe(true);
    ui.stopLoading();
    ui.stopLoading();
    expect(ui.$loading.get()).toBe(false);
  });

  it('is cleared when wrapped work fails', async () => {
    const { ui } = await load();
    await expect(ui.withLoading(Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(ui.$loading.get()).toBe(false);
  });
});

describe('tab index', () => {
  it('defaults to 0 and is kept in sessionStorage under tabIndex', async () => {
    const { ui } = await load();
    expect(ui.$tabIndex.get()).toBe(0);
    ui.setTabIndex(2);
    expect(sessionStorage.getItem('tabIndex')).toBe('2');
  });

  it('survives a reload', async () => {
    sessionStorage.setItem('tabIndex', '3');
    const { ui } = await load();
    expect(ui.$tabIndex.get()).toBe(3);
  });

  it('ignores a corrupt stored value', async () => {
    for (const corrupt of ['abc', '-1', '1.5', '', '{"a":1}', '1e9', '0x3', ' 3', '3.0', '1e1', '100']) {
      sessionStorage.setItem('tabIndex', corrupt);
      const { ui } = await load();
      expect(ui.$tabIndex.get(), corrupt).toBe(0);
    }
  });

  it('refuses an impossible index', async () => {
    const { ui } = await load();
    ui.setTabIndex(-4);
    ui.setTabIndex(Number.NaN);
    expect(ui.$tabIndex.get()).toBe(0);
  });
});

describe('selected plan', () => {
  const plan = { selectedPlanName: 'Rated Reads', selectedPlanDuration: 3, selectedPlanPrice: 4500 };

  it('defaults to null and survives a reload of the tab', async () => {
    let stores = await load();
    expect(stores.plan.$selectedPlanData.get()).toBeNull();
    stores.plan.selectPlan(plan);
    stores = await load();
    expect(stores.plan.$selectedPlanData.get()).toEqual(plan);
    stores.plan.clearSelectedPlan();
    expect(sessionStorage.getItem('qr:selectedPlan')).toBeNull();
  });

  it('drops a tampered stored plan', async () => {
    sessionStorage.setItem('qr:selectedPlan', JSON.stringify({ ...plan, selectedPlanPrice: 'free' }));
    expect((await load()).plan.$selectedPlanData.get()).toBeNull();
    sessionStorage.setItem('qr:selectedPlan', '{not json');
    expect((await load()).plan.$selectedPlanData.get()).toBeNull();
  });
});

describe('the basket (issue 13, item 5)', () => {
  const plan = { selectedPlanName: 'Rated Reads', selectedPlanDuration: 3, selectedPlanPrice: 4500 };

  it('is not filled by a preset: only the visitor’s own choice goes in it', async () => {
    const { plan: stores } = await load();
    stores.selectPlan({
      selectedPlanName: 'A-Bridged Condensed Program',
      selectedPlanDuration: 1.25,
      selectedPlanPrice: 19999,
    });
    expect(stores.$selectedPlanData.get()).toMatchObject({
      selectedPlanDuration: 1.25,
      selectedPlanPrice: 19999,
    });
    expect(stores.$basket.get()).toBeNull();
    stores.choosePlan(plan);
    expect(stores.$basket.get()).toEqual(plan);
    expect(stores.$selectedPlanData.get()).toEqual(plan);
  });

  it('is kept on the device, so every tab of the visitor reads it, and empties everywhere', async () => {
    const first = (await load()).plan;
    first.choosePlan(plan);
    expect(JSON.parse(localStorage.getItem('qr:basket') ?? 'null')).toEqual(plan);
    // Another tab: a fresh load with nothing in its own sessionStorage.
    sessionStorage.clear();
    const other = (await load()).plan;
    expect(other.$basket.get()).toEqual(plan);
    // The other tab empties the basket; the browser tells the first through the storage event.
    other.clearSelectedPlan();
    expect(localStorage.getItem('qr:basket')).toBeNull();
    expect(first.$basket.get()).toEqual(plan);
    window.dispatchEvent(new StorageEvent('storage', { key: 'qr:basket' }));
    expect(first.$basket.get()).toBeNull();
  });

  it('is forgotten when the family signs out, and kept for a visitor who never signed in', async () => {
    const { plan: stores, session } = await load();
    stores.choosePlan(plan);
    session.signedOut();
    expect(stores.$basket.get()).toEqual(plan);
    session.signedIn('uid-1', 'parent');
    session.setUserData({ id: 'u1', role: 'parent', children: [{ _id: 'c1', name: 'Maya' }] });
    session.signedOut();
    expect(stores.$basket.get()).toBeNull();
    expect(stores.$selectedPlanData.get()).toBeNull();
    expect(localStorage.getItem('qr:basket')).toBeNull();
    expect(sessionStorage.getItem('qr:selectedPlan')).toBeNull();
    expect(localStorage.getItem('qr:userData')).toBeNull();
    expect(localStorage.getItem('qr:activeChild')).toBeNull();
  });

  it('after a purchase, empties the basket only if it still holds the plan paid for', async () => {
    const { plan: stores } = await load();
    stores.choosePlan(plan);
    stores.clearBasketOf({ name: 'Something else', durationMonths: 1 });
    expect(stores.$basket.get()).toEqual(plan);
    stores.clearBasketOf({ name: 'Rated Reads', durationMonths: 3 });
    expect(stores.$basket.get()).toBeNull();
  });
});

describe('session and user data', () => {
  const user = {
    children: [
      { _id: 'c1', name: 'Maximilian Junior' },
      { _id: 'c2', name: '  Zoë   Lee ' },
    ],
  };

  it('starts unknown with no user data', async () => {
    const { session } = await load();
    expect(session.$session.get()).toEqual({ status: 'unknown' });
    expect(session.$userData.get()).toBeNull();
    expect(session.$navbarLabel.get()).toBe('Profile');
  });

  it('derives the navbar label from the active child', async () => {
    const { session } = await load();
    session.signedIn('p1', 'parent');
    session.setUserData(user);
    expect(session.$navbarLabel.get()).toBe('Maximil');
    session.setActiveChild(1);
    expect(session.$navbarLabel.get()).toBe('Zoë');
    session.setActiveChild(7);
    expect(session.$index.get()).toBe(1);
  });

  it('keeps the active child across a reload', async () => {
    let stores = await load();
    stores.session.setUserData(user);
    stores.session.setActiveChild(1);
    stores = await load();
    expect(stores.session.$activeChild.get()?._id).toBe('c2');
  });

  it('clears the user data when signing out', async () => {
    const { session } = await load();
    session.signedIn('p1', 'parent');
    session.setUserData(user);
    session.setActiveChild(1);
    session.signedOut();
    expect(session.$userData.get()).toBeNull();
    expect(session.$index.get()).toBe(0);
    expect(session.$session.get()).toEqual({ status: 'signed-out' });
    expect(localStorage.getItem('qr:userData')).toBeNull();
  });

  it('keeps only the account id, the role and the children’s ids and names on the device', async () => {
    const { session } = await load();
    session.setUserData({
      id: 'u1',
      email: 'parent@example.com',
      role: 'parent',
      children: [{ _id: 'c1', name: 'Ava', notifications: [{ text: 'Milestone!' }] }],
    });
    expect(JSON.parse(localStorage.getItem('qr:userData') ?? 'null')).toEqual({
      id: 'u1',
      role: 'parent',
      children: [{ _id: 'c1', name: 'Ava' }],
    });
    expect(session.$userData.get()?.email).toBe('parent@example.com');
  });

  it('ignores stored user data that does not have the expected shape', async () => {
    localStorage.setItem('qr:userData', JSON.stringify({ children: 'many' }));
    localStorage.setItem('qr:session', JSON.stringify({ status: 'signed-in', role: 'superuser', uid: 'x' }));
    const { session } = await load();
    expect(session.$userData.get()).toBeNull();
    expect(session.$session.get()).toEqual({ status: 'unknown' });
  });
});

describe('notification counts store', () => {
  it('applies the set and increment rules', async () => {
    const { notifications } = await load();
    notifications.incrementNotificationCount('u1');
    notifications.setNotificationCount('u2', 4);
    notifications.incrementNotificationCount('u2');
    notifications.setNotificationCount('u1', 0);
    expect(notifications.$notificationCounts.get()).toEqual([
      { userId: 'u1', notificationCount: 0 },
      { userId: 'u2', notificationCount: 5 },
    ]);
  });
});

describe('inquiry data', () => {
  it('defaults to null and holds what was sent', async () => {
    const { inquiry } = await load();
    expect(inquiry.$inquiryData.get()).toBeNull();
    inquiry.setInquiryData({ subject: 'Summer program' });
    expect(inquiry.$inquiryData.get()).toEqual({ subject: 'Summer program' });
  });
});
