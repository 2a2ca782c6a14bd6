"""PPO with numpy alone on a small Odyssey task (discrete actions, 64×64 screen).

The policy is a tiny MLP (one tanh layer) on the screen downsampled to 8×8 grey (64 inputs),
with a policy head over the discrete action table and a value head; PPO's clipped surrogate,
GAE(λ), an entropy bonus and Adam, all written out by hand (backpropagation included). It is a
demonstration that the environment trains end to end, not a tuned learner.

The default task, ``jump``, is the smallest MCU task (reward 2.0 when the player jumps: progress
1.0 plus the success bonus); episodes end within ``max_steps=200``.

Run: ``python examples/ppo_numpy.py [--env odyssey/MCU-Discrete-v1] [--task jump]
[--iterations 5]``.
``ODYSSEY_EXAMPLE_STEPS`` sets the rollout length (the tests use a short one).
"""

from __future__ import annotations

import argparse
import os

import gymnasium as gym
import numpy as np

import odyssey.gym  # noqa: F401  (registers the odyssey/ environments)
from odyssey.gym.callbacks import FastResetCallback

GRID = 8  # the screen is averaged down to GRID × GRID grey values


def features(obs) -> np.ndarray:
    image = np.asarray(obs["image"] if isinstance(obs, dict) else obs, dtype=np.float32)
    h, w = image.shape[:2]
    grey = image.mean(axis=2)[: h - h % GRID, : w - w % GRID]
    small = grey.reshape(GRID, grey.shape[0] // GRID, GRID, grey.shape[1] // GRID).mean((1, 3))
    return (small.ravel() / 127.5 - 1.0).astype(np.float32)


class Policy:
    def __init__(self, inputs: int, hidden: int, actions: int, rng: np.random.Generator):
        scale = 1.0 / np.sqrt(inputs)
        self.p = {
            "w1": rng.normal(0, scale, (inputs, hidden)), "b1": np.zeros(hidden),
            "wp": rng.normal(0, 0.01, (hidden, actions)), "bp": np.zeros(actions),
            "wv": rng.normal(0, 0.1, (hidden, 1)), "bv": np.zeros(1),
        }  # fmt: skip
        self.m = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.t = 0

    def forward(self, x: np.ndarray):
        h = np.tanh(x @ self.p["w1"] + self.p["b1"])
        logits = h @ self.p["wp"] + self.p["bp"]
        logits = logits - logits.max(axis=-1, keepdims=True)
        logp = logits - np.log(np.exp(logits).sum(axis=-1, keepdims=True))
        value = (h @ self.p["wv"] + self.p["bv"])[..., 0]
        return h, logp, value

    def adam(self, grads: dict[str, np.ndarray], lr: float) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m_hat = self.m[k] / (1 - 0.9**self.t)
            v_hat = self.v[k] / (1 - 0.999**self.t)
            self.p[k] -= lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def ppo_update(pol: Policy, x, a, old_logp, adv, ret, clip=0.2, vf=0.5, ent=0.01):
    """One gradient step on a minibatch; returns (policy loss, value loss, entropy)."""
    n = len(a)
    h, logp, value = pol.forward(x)
    probs = np.exp(logp)
    logp_a = logp[np.arange(n), a]
    ratio = np.exp(logp_a - old_logp)
    clipped = np.clip(ratio, 1 - clip, 1 + clip)
    surrogate = np.minimum(ratio * adv, clipped * adv)
    entropy = -(probs * logp).sum(axis=1)
    pi_loss, v_loss = -surrogate.mean(), 0.5 * ((value - ret) ** 2).mean()
    # d(-surrogate)/d logp_a: only where the unclipped term is the minimum
    active = (ratio * adv <= clipped * adv).astype(np.float64)
    d_logp_a = -active * ratio * adv / n
    onehot = np.zeros_like(probs)
    onehot[np.arange(n), a] = 1.0
    d_logits = d_logp_a[:, None] * (onehot - probs)
    d_logits += ent * probs * (logp + entropy[:, None]) / n  # d(-ent·H)/d logits
    d_value = vf * 2 * 0.5 * (value - ret) / n
    grads = {"wp": h.T @ d_logits, "bp": d_logits.sum(0),
             "wv": h.T @ d_value[:, None], "bv": d_value.sum(keepdims=True)}  # fmt: skip
    d_h = d_logits @ pol.p["wp"].T + d_value[:, None] @ pol.p["wv"].T
    d_pre = d_h * (1 - h * h)
    grads |= {"w1": x.T @ d_pre, "b1": d_pre.sum(0)}
    pol.adam(grads, lr=3e-3)
    return float(pi_loss), float(v_loss), float(entropy.mean())


def main() -> None:
    parser = argparse.ArgumentParser(description="PPO with numpy on an Odyssey environment")
    parser.add_argument(
        "--env",
        default="odyssey/Nav-hotel-v1",
        help="a navigation env (discrete actions asked for) or an MCU one",
    )
    parser.add_argument(
        "--task",
        default=None,
        help="the task (navigation: one of the map's, default any; MCU: jump)",
    )
    parser.add_argument("--iterations", type=int, default=5)
    parser.add_argument("--rollout", type=int, default=256, help="steps per iteration")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rollout = int(os.environ.get("ODYSSEY_EXAMPLE_STEPS", args.rollout))
    if "/Nav-" in args.env:  # navigation resets from a snapshot by itself
        env = gym.make(args.env, task=args.task, size=(64, 64), max_steps=200,
                       actions="discrete")  # fmt: skip
    else:  # FastResetCallback: later resets restore a snapshot instead of rebuilding the world
        env = gym.make(args.env, task=args.task or "jump", size=(64, 64), max_steps=200,
                       callbacks=[FastResetCallback()])  # fmt: skip
    if not isinstance(env.action_space, gym.spaces.Discrete):
        raise SystemExit(f"{args.env}: PPO here needs a Discrete action space, "
                         f"got {env.action_space}")  # fmt: skip
    rng = np.random.default_rng(args.seed)
    obs, _ = env.reset(seed=args.seed)
    pol = Policy(GRID * GRID, 32, int(env.action_space.n), rng)
    episode_return, returns, gamma, lam = 0.0, [], 0.99, 0.95
    for iteration in range(args.iterations):
        xs, acts, logps, rews, dones, vals = [], [], [], [], [], []
        for _ in range(rollout):
            x = features(obs)
            _, logp, value = pol.forward(x[None])
            action = int(rng.choice(len(logp[0]), p=np.exp(logp[0]) / np.exp(logp[0]).sum()))
            obs, reward, terminated, truncated, _ = env.step(action)
            episode_return += float(reward)
            xs.append(x), acts.append(action), logps.append(logp[0, action])
            rews.append(float(reward)), dones.append(terminated), vals.append(value[0])
            if terminated or truncated:
                returns.append(episode_return)
                episode_return = 0.0
                obs, _ = env.reset()
        _, _, last = pol.forward(features(obs)[None])
        adv, gae = np.zeros(rollout), 0.0
        for t in reversed(range(rollout)):
            nxt = last[0] if t == rollout - 1 else vals[t + 1]
            delta = rews[t] + gamma * nxt * (1 - dones[t]) - vals[t]
            gae = delta + gamma * lam * (1 - dones[t]) * gae
            adv[t] = gae
        ret = adv + np.array(vals)
        x, a, old = np.array(xs), np.array(acts), np.array(logps)
        norm = (adv - adv.mean()) / (adv.std() + 1e-8)
        losses = []
        for _ in range(4):  # epochs
            order = rng.permutation(rollout)
            for chunk in np.array_split(order, max(1, rollout // 64)):
                losses.append(ppo_update(pol, x[chunk], a[chunk], old[chunk], norm[chunk],
                                         ret[chunk]))  # fmt: skip
        pi, v, h = np.mean(losses, axis=0)
        print(f"iteration {iteration}: policy loss {pi:.4f} value loss {v:.4f} "
              f"entropy {h:.3f} reward {sum(rews):.3f} episodes so far {len(returns)}",
              flush=True)  # fmt: skip
    env.close()


if __name__ == "__main__":
    main()
