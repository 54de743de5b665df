"""The rules of Above and Below, one module per part of the rulebook.

``setup`` (ゲームの準備), ``free`` (フリーアクション), ``work`` (建設・収穫・訓練・労働),
``explore`` (探検), ``effects`` (encounter rewards), ``round_end`` (ラウンドの終了),
``scoring`` (ゲームの終了); ``legal`` lists the choices, ``dispatch`` plays them.
"""
