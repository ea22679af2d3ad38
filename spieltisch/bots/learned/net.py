"""The learned evaluator's network in NumPy: a small MLP with a policy and a value head.

    trunk:  observation -> [dense, ReLU] x layers
    policy: one logit per action id (softmax over the legal ones)
    value:  one logit per seat, counted from the observer (sigmoid: each seat's expected reward,
            its win share mixed with its squashed score margin as ISMCTS rewards a playout)

Weights are an .npz file: the arrays `w0, b0, w1, b1, ...` of the trunk,
`policy_w, policy_b, value_w, value_b`, and `meta`, a JSON text naming the
game, its player count and how the file was made. Playing needs NumPy only.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

Arrays = dict[str, np.ndarray]


@dataclass
class Net:
    params: Arrays
    meta: dict[str, Any] = field(default_factory=dict)

    @cached_property
    def layers(self) -> int:
        return sum(1 for key in self.params if key.startswith("w"))

    @property
    def players(self) -> int:
        return int(self.params["value_b"].shape[0])

    @property
    def input_size(self) -> int:
        return int(self.params["w0"].shape[0])

    @property
    def actions(self) -> int:
        return int(self.params["policy_b"].shape[0])

    def forward(self, observations: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Policy logits (N, actions) and value logits (N, players) of a batch of observation tensors."""
        p = self.params
        hidden = observations.reshape(len(observations), -1).astype(np.float32)
        for layer in range(self.layers):
            hidden = np.maximum(hidden @ p[f"w{layer}"] + p[f"b{layer}"], 0.0)
        return hidden @ p["policy_w"] + p["policy_b"], hidden @ p["value_w"] + p["value_b"]

    def evaluate(self, indices: list[int] | None, values: list[float]) -> tuple[np.ndarray, np.ndarray]:
        """Policy logits and the seats' rewards in [0, 1] (from the observer) of one observation.

        Takes `State.observation_entries`: a sparse tensor multiplies only the
        first layer's rows of its non-zero entries.
        """
        heads_w, heads_b = self.heads
        both = self.hidden(indices, values) @ heads_w + heads_b  # one product: each NumPy call costs
        return both[: len(heads_b) - self.players], sigmoid(both[len(heads_b) - self.players :])

    def value(self, indices: list[int] | None, values: list[float]) -> list[float]:
        """The seats' rewards alone (from the observer) of one observation, as a plain list."""
        p = self.params
        rewards: list[float] = sigmoid(self.hidden(indices, values) @ p["value_w"] + p["value_b"]).tolist()
        return rewards

    def hidden(self, indices: list[int] | None, values: list[float]) -> np.ndarray:
        """The trunk's output for one observation (`State.observation_entries`)."""
        p = self.params
        if indices is None:
            hidden = np.asarray(values, dtype=np.float32) @ p["w0"]
        else:
            hidden = np.asarray(values, dtype=np.float32) @ p["w0"][indices]
        hidden = np.maximum(hidden + p["b0"], 0.0)
        for layer in range(1, self.layers):
            hidden = np.maximum(hidden @ p[f"w{layer}"] + p[f"b{layer}"], 0.0)
        return hidden

    @cached_property
    def heads(self) -> tuple[np.ndarray, np.ndarray]:
        """The policy's and the value's weights side by side (the value's last)."""
        p = self.params
        weights = np.ascontiguousarray(np.concatenate([p["policy_w"], p["value_w"]], axis=1))
        return weights, np.concatenate([p["policy_b"], p["value_b"]])

    def prior_and_value(
        self, indices: list[int] | None, values: list[float]
    ) -> tuple[list[float], list[float]]:
        """`evaluate` as the search takes it: the policy's weights per action id (exp of the
        logits, unnormalised) and the seats' rewards (from the observer), as plain lists."""
        logits, rewards = self.evaluate(indices, values)
        prior: list[float] = np.exp(logits - logits.max()).tolist()
        value: list[float] = rewards.tolist()
        return prior, value

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            arrays: dict[str, Any] = {"meta": np.array(json.dumps(self.meta, sort_keys=True)), **self.params}
            np.savez_compressed(handle, **arrays)

    @classmethod
    def load(cls, path: Path) -> Net:
        with np.load(path, allow_pickle=False) as data:
            params = {key: data[key].astype(np.float32) for key in data.files if key != "meta"}
            meta = json.loads(str(data["meta"])) if "meta" in data.files else {}
        return cls(params, meta)


def softmax(logits: np.ndarray) -> np.ndarray:
    """Softmax over the last axis."""
    shifted = np.exp(logits - logits.max(axis=-1, keepdims=True))
    shares: np.ndarray = shifted / shifted.sum(axis=-1, keepdims=True)
    return shares


def sigmoid(logits: np.ndarray) -> np.ndarray:
    squashed: np.ndarray = 0.5 + 0.5 * np.tanh(0.5 * logits)  # 1 / (1 + e^-x), without overflow
    return squashed


def new_params(sizes: list[int], actions: int, players: int, rng: np.random.Generator) -> Arrays:
    """He-initialised weights for a trunk of `sizes` (input first) and the two heads."""
    params: Arrays = {}
    for layer, (fan_in, fan_out) in enumerate(itertools.pairwise(sizes)):
        params[f"w{layer}"] = (rng.standard_normal((fan_in, fan_out)) * np.sqrt(2.0 / fan_in)).astype(
            np.float32
        )
        params[f"b{layer}"] = np.zeros(fan_out, dtype=np.float32)
    width = sizes[-1]
    for head, size in (("policy", actions), ("value", players)):
        params[f"{head}_w"] = (rng.standard_normal((width, size)) * np.sqrt(1.0 / width) * 0.1).astype(
            np.float32
        )
        params[f"{head}_b"] = np.zeros(size, dtype=np.float32)
    return params
