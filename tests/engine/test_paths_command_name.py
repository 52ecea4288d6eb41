"""`command_name`: how a typed command names a save (the file name alone
where the saves folder finds it, else the whole path, quoted)."""
from __future__ import annotations

from engine.paths import command_name


def test_a_save_in_the_saves_folder_is_named_by_its_file_name(tmp_path, monkeypatch):
    monkeypatch.setenv("TSQUARE_SAVES", str(tmp_path))
    monkeypatch.chdir(tmp_path.parent)
    save = tmp_path / "squire-20261128-083708.json"
    save.write_text("{}", encoding="utf-8")
    assert command_name(save) == "squire-20261128-083708.json"


def test_a_save_elsewhere_is_named_by_its_whole_path_quoted(tmp_path, monkeypatch):
    monkeypatch.setenv("TSQUARE_SAVES", str(tmp_path / "saves"))
    monkeypatch.chdir(tmp_path)
    elsewhere = tmp_path / "my games" / "g.json"
    elsewhere.parent.mkdir()
    elsewhere.write_text("{}", encoding="utf-8")
    assert command_name(elsewhere) == f"'{elsewhere}'"


def test_a_same_named_file_here_is_not_mistaken_for_the_save(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    folder.mkdir()
    monkeypatch.setenv("TSQUARE_SAVES", str(folder))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "g.json").write_text("{}", encoding="utf-8")  # `resume g.json` would open this one
    save = folder / "g.json"
    save.write_text("{}", encoding="utf-8")
    assert command_name(save) == str(save)
