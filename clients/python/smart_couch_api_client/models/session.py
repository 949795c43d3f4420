from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.user import User


T = TypeVar("T", bound="Session")


@_attrs_define
class Session:
    """
    Attributes:
        user (User):
        access_token (str): A JWT for the Authorization header.
        refresh_token (str): Opaque; valid 30 days
        expires_in (int): Seconds the access token is valid.
        token_type (Literal['Bearer']):
    """

    user: User
    access_token: str
    refresh_token: str
    expires_in: int
    token_type: Literal["Bearer"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        user = self.user.to_dict()

        access_token = self.access_token

        refresh_token = self.refresh_token

        expires_in = self.expires_in

        token_type = self.token_type

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "user": user,
                "accessToken": access_token,
                "refreshToken": refresh_token,
                "expiresIn": expires_in,
                "tokenType": token_type,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.user import User  # noqa: PLC0415

        d = dict(src_dict)
        user = User.from_dict(d.pop("user"))

        access_token = d.pop("accessToken")

        refresh_token = d.pop("refreshToken")

        expires_in = d.pop("expiresIn")

        token_type = cast(Literal["Bearer"], d.pop("tokenType"))
        if token_type != "Bearer":
            raise ValueError(f"tokenType must match const 'Bearer', got '{token_type}'")

        session = cls(
            user=user,
            access_token=access_token,
            refresh_token=refresh_token,
            expires_in=expires_in,
            token_type=token_type,
        )

        session.additional_properties = d
        return session

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
