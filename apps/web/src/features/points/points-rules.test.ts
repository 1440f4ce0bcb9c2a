import type { PointGood } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../platform/request/api-error.ts';
import {
  addressProblem,
  beijingTime,
  calendarDayLabel,
  failureToast,
  goodState,
  sameAddress,
  signedPoints,
} from './points-rules.ts';

const good: PointGood = {
  id: 1,
  name: '知财定制笔记本',
  description: '',
  image: '/demo/points/notebook.svg',
  price: 300,
  stock: 5,
  perUserLimit: 2,
  exchanged: 0,
  demo: true,
};

describe('points rules', () => {
  it('says what a good’s button does: sold out first, then sign-in, limit and points', () => {
    expect(goodState({ ...good, stock: 0 }, 1000, true).label).toBe('已兑完');
    expect(goodState(good, undefined, false).label).toBe('登录兑换');
    expect(goodState({ ...good, exchanged: 2 }, 1000, true).label).toBe('已达限兑');
    expect(goodState(good, 299, true).label).toBe('积分不足');
    expect(goodState(good, 300, true)).toEqual({ kind: 'exchange', label: '立即兑换' });
  });

  it('checks an address with the contract’s Chinese messages', () => {
    const address = {
      name: '张三',
      phone: '13912345678',
      region: '上海市 浦东新区',
      detail: '世纪大道 100 号',
    };
    expect(addressProblem(address)).toBeNull();
    expect(addressProblem({ ...address, name: ' ' })).toBe('请填写收货人');
    expect(addressProblem({ ...address, phone: '23912345678' })).toBe('请输入正确的手机号');
    expect(addressProblem({ ...address, detail: '1号' })).toBe('请填写详细地址');
    expect(sameAddress(address, { ...address, name: ' 张三 ' })).toBe(true);
    expect(sameAddress(address, { ...address, detail: '世纪大道 101 号' })).toBe(false);
  });

  it('formats Beijing times, calendar days and signed points', () => {
    expect(beijingTime('2026-03-01T23:30:00.000Z')).toBe('2026-03-02 07:30');
    expect(calendarDayLabel('2026-03-02')).toBe('3月2日');
    expect(signedPoints(10)).toBe('+10');
    expect(signedPoints(-300)).toBe('-300');
  });

  it('toasts a failure only when the user was not told already', () => {
    expect(failureToast(new ApiError('037', '积分不足', 200, true), '兑换失败')).toBeNull();
    expect(failureToast(new ApiError('404', '商品不存在或已下架', 200), '兑换失败')).toBe(
      '商品不存在或已下架',
    );
    expect(failureToast(new Error('network'), '兑换失败')).toBe('兑换失败');
  });
});
